// The well-known providers, as data. Each is available only once its OAuth client is configured
// (<PREFIX>_CLIENT_ID and <PREFIX>_CLIENT_SECRET); CONNECTION_PROVIDERS_FILE adds others.
// Endpoints are the providers' documented ones; where a provider offers no RFC 7009 revocation
// endpoint (Meta, Pinterest, WordPress.com) revocationUrl is absent and disconnecting only
// forgets the grant on our side.

export type ProviderEndpoints = {
  /** key used in the API (connections.connect's `provider`), lower case */
  provider: string;
  name: string;
  authorizationUrl: string;
  tokenUrl: string;
  revocationUrl?: string;
  scopes: string[];
  /** TikTok, Pinterest and Meta list scopes with commas; RFC 6749 says spaces */
  scopeSeparator: " " | ",";
  /** how the client authenticates at the token and revocation endpoints (RFC 6749 §2.3.1) */
  clientAuth: "basic" | "post";
  /** the name of the client id parameter: TikTok calls it client_key */
  clientIdParam: string;
  /** extra authorization parameters, e.g. Google's access_type=offline for a refresh token */
  authorizationParams: Record<string, string>;
  /** where the connected account's name is read after the exchange (GET with the access token) */
  userinfoUrl?: string;
  /** dotted path of the account name in the userinfo answer, e.g. data.username */
  accountField?: string;
};

export type Provider = ProviderEndpoints & { clientId: string; clientSecret: string };

export type BuiltInProvider = ProviderEndpoints & {
  /** environment prefix of the OAuth client: LINKEDIN → LINKEDIN_CLIENT_ID, LINKEDIN_CLIENT_SECRET */
  envPrefix: string;
};

const oauth2 = {
  scopeSeparator: " ",
  clientAuth: "post",
  clientIdParam: "client_id",
  authorizationParams: {},
} as const;

const GOOGLE = {
  ...oauth2,
  authorizationUrl: "https://accounts.google.com/o/oauth2/v2/auth",
  tokenUrl: "https://oauth2.googleapis.com/token",
  revocationUrl: "https://oauth2.googleapis.com/revoke",
  // without offline access Google issues no refresh token; consent makes it issue one every time
  authorizationParams: { access_type: "offline", prompt: "consent", include_granted_scopes: "true" },
  userinfoUrl: "https://openidconnect.googleapis.com/v1/userinfo",
  accountField: "email",
  envPrefix: "GOOGLE",
} as const;

const META = {
  ...oauth2,
  authorizationUrl: "https://www.facebook.com/v23.0/dialog/oauth",
  tokenUrl: "https://graph.facebook.com/v23.0/oauth/access_token",
  scopeSeparator: ",",
  userinfoUrl: "https://graph.facebook.com/v23.0/me?fields=name",
  accountField: "name",
  envPrefix: "META",
} as const;

export const BUILT_IN_PROVIDERS: readonly BuiltInProvider[] = [
  {
    ...oauth2,
    provider: "linkedin",
    name: "LinkedIn",
    authorizationUrl: "https://www.linkedin.com/oauth/v2/authorization",
    tokenUrl: "https://www.linkedin.com/oauth/v2/accessToken",
    revocationUrl: "https://www.linkedin.com/oauth/v2/revoke",
    scopes: ["openid", "profile", "email", "w_member_social"],
    userinfoUrl: "https://api.linkedin.com/v2/userinfo",
    accountField: "name",
    envPrefix: "LINKEDIN",
  },
  {
    ...META,
    provider: "facebook",
    name: "Facebook Pages (Meta)",
    scopes: ["pages_show_list", "pages_read_engagement", "pages_manage_posts", "business_management"],
  },
  {
    ...META,
    provider: "instagram",
    name: "Instagram professional account (Meta)",
    scopes: ["instagram_basic", "instagram_content_publish", "pages_show_list", "business_management"],
  },
  {
    ...oauth2,
    provider: "x",
    name: "X",
    authorizationUrl: "https://x.com/i/oauth2/authorize",
    tokenUrl: "https://api.x.com/2/oauth2/token",
    revocationUrl: "https://api.x.com/2/oauth2/revoke",
    // offline.access is what makes X issue a refresh token
    scopes: ["tweet.read", "tweet.write", "users.read", "offline.access"],
    clientAuth: "basic",
    userinfoUrl: "https://api.x.com/2/users/me",
    accountField: "data.username",
    envPrefix: "X",
  },
  {
    ...oauth2,
    provider: "tiktok",
    name: "TikTok",
    authorizationUrl: "https://www.tiktok.com/v2/auth/authorize/",
    tokenUrl: "https://open.tiktokapis.com/v2/oauth/token/",
    revocationUrl: "https://open.tiktokapis.com/v2/oauth/revoke/",
    scopes: ["user.info.basic", "video.upload", "video.publish"],
    scopeSeparator: ",",
    clientIdParam: "client_key",
    userinfoUrl: "https://open.tiktokapis.com/v2/user/info/?fields=display_name",
    accountField: "data.user.display_name",
    envPrefix: "TIKTOK",
  },
  {
    ...GOOGLE,
    provider: "youtube",
    name: "YouTube (Google)",
    scopes: [
      "openid",
      "email",
      "https://www.googleapis.com/auth/youtube.readonly",
      "https://www.googleapis.com/auth/youtube.upload",
    ],
  },
  {
    ...oauth2,
    provider: "pinterest",
    name: "Pinterest",
    authorizationUrl: "https://www.pinterest.com/oauth/",
    tokenUrl: "https://api.pinterest.com/v5/oauth/token",
    scopes: ["user_accounts:read", "boards:read", "pins:read", "pins:write"],
    scopeSeparator: ",",
    clientAuth: "basic",
    userinfoUrl: "https://api.pinterest.com/v5/user_account",
    accountField: "username",
    envPrefix: "PINTEREST",
  },
  {
    ...oauth2,
    provider: "wordpress",
    name: "WordPress.com site",
    authorizationUrl: "https://public-api.wordpress.com/oauth2/authorize",
    tokenUrl: "https://public-api.wordpress.com/oauth2/token",
    // no scope: WordPress.com then grants access to the one site the person picks
    scopes: [],
    userinfoUrl: "https://public-api.wordpress.com/rest/v1.1/me",
    accountField: "username",
    envPrefix: "WORDPRESS",
  },
  {
    ...GOOGLE,
    provider: "google_analytics",
    name: "Google Analytics",
    scopes: ["openid", "email", "https://www.googleapis.com/auth/analytics.readonly"],
  },
];
