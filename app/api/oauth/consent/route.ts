// The consent page's answer (app/oauth/consent): allow with brands and scopes, or deny. Answers
// the URL to send the browser to: the client's redirect URI with a code, or with access_denied.
import { settingsWrite } from "@/lib/keys/settings-http";
import { answerConsent, consentRequest } from "@/lib/keys/connected-apps";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const POST = settingsWrite(consentRequest, ({ userId, input, request }) =>
  answerConsent(userId, request.headers, input),
);

const notAllowed = methodNotAllowed("POST");
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
