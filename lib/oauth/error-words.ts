// What an OAuth error code means, in the words the error page (app/oauth/error) shows a person.
// The codes are the plugin's (RFC 6749 §4.1.2.1, OIDC Core §3.1.2.6, and a few of its own).

type Words = { title: string; explanation: string };

const WORDS: Record<string, Words> = {
  access_denied: {
    title: "You did not allow the app",
    explanation: "Nothing was shared with it. You can connect it later from the app.",
  },
  invalid_scope: {
    title: "The app asked for permissions this service does not have",
    explanation: "The app may be set up for another service, or out of date.",
  },
  invalid_request: {
    title: "The app's request was incomplete",
    explanation: "A part the sign-in needs was missing or malformed (for example its proof of possession, PKCE).",
  },
  invalid_target: {
    title: "The app asked for access to another server",
    explanation: "This service only grants access to its own MCP server.",
  },
  invalid_client: {
    title: "This app is not known here",
    explanation: "It has not registered with this service, or its description could not be read.",
  },
  client_disabled: { title: "This app has been disabled", explanation: "An operator of this service turned it off." },
  unauthorized_client: {
    title: "This app may not sign in this way",
    explanation: "It did not register for sign-in with an authorization code.",
  },
  invalid_redirect: {
    title: "The app asked to return to an address it did not register",
    explanation: "For your safety, you are not sent there.",
  },
  unsupported_response_type: {
    title: "The app asked for a kind of answer this service does not give",
    explanation: "Only the authorization code flow is offered.",
  },
  login_required: {
    title: "You are not signed in",
    explanation: "The app asked to connect without showing you a sign-in page, so nothing was done.",
  },
  consent_required: {
    title: "You have not allowed this app yet",
    explanation: "The app asked to connect without showing you the consent page, so nothing was done.",
  },
  interaction_required: {
    title: "This needs you",
    explanation: "The app asked to connect without any page being shown, so nothing was done.",
  },
  request_not_supported: {
    title: "The app sent its request in a form this service does not take",
    explanation: "Signed request objects are not supported.",
  },
  request_uri_not_supported: {
    title: "The app sent its request in a form this service does not take",
    explanation: "Pushed authorization requests are not supported.",
  },
  invalid_request_uri: { title: "The app's request has expired", explanation: "Start again from the app." },
  unsupported_prompt_select_account: {
    title: "The app asked to choose an account",
    explanation: "This service signs in one account at a time.",
  },
  server_error: { title: "Something went wrong on our side", explanation: "Try again in a moment." },
  temporarily_unavailable: { title: "The service is busy", explanation: "Try again in a moment." },
};

const UNKNOWN: Words = {
  title: "The app could not be connected",
  explanation: "The sign-in did not complete. Start again from the app.",
};

export const errorWords = (code: string): Words => WORDS[code] ?? UNKNOWN;
