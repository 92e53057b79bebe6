// The authorization server's own error page (/oauth/error): where better-auth sends a failed
// authorization that has no trusted place to return to (onAPIError.errorURL, lib/auth/auth.ts), and
// where the redirect guard (trusted-redirects.ts) shows an error meant for an app whose redirect URI
// it does not trust. The way on to that app is a link this server signed, shown only to a person
// signed in: nobody can make this page link anywhere else, and nobody is sent there unasked.
import { config } from "../config";
import { hmac, safeEqual } from "../crypto";

export const OAUTH_ERROR_PATH = "/oauth/error";
/** A link to go on is good for as long as the authorization it ends (the plugin's code lifetime). */
const LINK_SECONDS = 600;
const PURPOSE = "oauth-error-continue";
const ERROR_CODE = /^[a-z_]{1,64}$/;

export type ErrorReport = {
  /** the OAuth error code, or "unknown" */
  error: string;
  /** better-auth's own sentence, shortened; the page shows it as a detail only */
  description: string;
  clientId: string | null;
  /** the app's redirect URI with the error, when this server signed it and the link is still good */
  continueTo: URL | null;
};

const signature = (clientId: string, to: string, exp: string) =>
  hmac(config().APP_SECRET, PURPOSE, JSON.stringify([clientId, to, exp]));

/** The page's address for an error meant for `continueTo` (the app's redirect URI with the error parameters). */
export function errorPageUrl(clientId: string, continueTo: URL, now = Date.now()): string {
  const url = new URL(OAUTH_ERROR_PATH, config().APP_URL);
  const sent = continueTo.hash ? new URLSearchParams(continueTo.hash.slice(1)) : continueTo.searchParams;
  const exp = String(Math.floor(now / 1000) + LINK_SECONDS);
  url.searchParams.set("error", sent.get("error") ?? "unknown");
  url.searchParams.set("error_description", sent.get("error_description") ?? "");
  url.searchParams.set("client_id", clientId);
  url.searchParams.set("to", continueTo.toString());
  url.searchParams.set("exp", exp);
  url.searchParams.set("sig", signature(clientId, continueTo.toString(), exp));
  return url.toString();
}

/** What the page may show: the error, and the link on only when its signature holds and it has not expired. */
export function readErrorReport(params: URLSearchParams, now = Date.now()): ErrorReport {
  const error = params.get("error") ?? "";
  const clientId = params.get("client_id");
  const to = params.get("to") ?? "";
  const exp = params.get("exp") ?? "";
  const signed =
    clientId !== null &&
    URL.canParse(to) &&
    /^\d{1,12}$/.test(exp) &&
    Number(exp) * 1000 > now &&
    safeEqual(params.get("sig") ?? "", signature(clientId, to, exp));
  return {
    error: ERROR_CODE.test(error) ? error : "unknown",
    description: (params.get("error_description") ?? "").slice(0, 300),
    clientId: clientId && clientId.length <= 2048 ? clientId : null,
    continueTo: signed ? new URL(to) : null,
  };
}
