// GET /api/connections/callback: where a provider sends the person back (decisions §9). It
// translates the request into completeConnection() and its outcome into a page for a person:
// never JSON, never a stack, whatever fails.
import { db } from "../db/client";
import { isUnavailable } from "../db/errors";
import { completeConnection, type CallbackOutcome } from "../connections/complete";
import { log } from "../log";

export async function handleOAuthCallback(request: Request): Promise<Response> {
  let outcome: CallbackOutcome;
  try {
    outcome = await completeConnection(db(), new URL(request.url).searchParams, new Date());
  } catch (error) {
    log.error({ component: "oauth-callback", err: error }, "connection callback failed");
    outcome = isUnavailable(error)
      ? { kind: "failed", status: 503, title: "The service is busy", detail: "Nothing was connected. Open the link again in a moment." }
      : { kind: "failed", status: 500, title: "Something went wrong", detail: "Nothing was connected. Ask for a new link and try again." };
  }
  return new Response(page(outcome), {
    status: outcome.kind === "connected" ? 200 : outcome.status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Cache-Control": "no-store",
      // the URL carried an authorization code: never pass it on as a referrer
      "Referrer-Policy": "no-referrer",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'",
    },
  });
}

function page(outcome: CallbackOutcome): string {
  const [title, body] =
    outcome.kind === "connected"
      ? [
          `${outcome.providerName} is connected`,
          `${outcome.account ? `The account <strong>${escape(outcome.account)}</strong> is` : "The account is"} now connected to ${escape(outcome.brandName)}. You can close this window.`,
        ]
      : [outcome.title, escape(outcome.detail)];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escape(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 560px; margin: 64px auto; padding: 0 24px; line-height: 1.5; color: #1d1d1f">
<h1 data-outcome="${outcome.kind}">${escape(title)}</h1>
<p>${body}</p>
</body></html>
`;
}

function escape(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
