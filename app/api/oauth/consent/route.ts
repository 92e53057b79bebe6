// The consent page's answer (app/oauth/consent): allow with brands and scopes, or deny. Answers
// the URL to send the browser to: the client's redirect URI with a code, or with access_denied.
import { settingsAction } from "@/lib/keys/settings-http";
import { answerConsent, consentRequest } from "@/lib/keys/connected-apps";
import { methodNotAllowed } from "@/lib/http/request";
import { AppError } from "@/lib/contract/errors";

export const dynamic = "force-dynamic";

export function POST(request: Request) {
  return settingsAction(request, { write: true }, async ({ userId, body }) => {
    const parsed = consentRequest.safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.join(".") || "body";
      throw new AppError("invalid_input", `${field}: ${issue.message}`, { field });
    }
    return answerConsent(userId, request.headers, parsed.data);
  });
}

const notAllowed = methodNotAllowed("POST");
export { notAllowed as GET, notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
