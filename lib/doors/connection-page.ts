// The pages a person sees at either end of a connection link (lib/connections): what happened, in
// words, never JSON or a stack; or the redirect onwards (to sign in, to the provider).
import { createHash } from "node:crypto";
import { safeNextPath } from "../auth/next-path";
import { TOUCHED_CHANNEL } from "../connections/channel";
import type { ConnectionOutcome } from "../connections/outcome";

const HEADERS = {
  "Cache-Control": "no-store",
  // the URL carries a state or an authorization code: never pass it on as a referrer
  "Referrer-Policy": "no-referrer",
  "X-Content-Type-Options": "nosniff",
};

/**
 * The connected page tells the app's other tabs of this browser (the chat that handed out the link)
 * which connection changed (lib/connections/channel.ts). The script is fixed text, allowed by its
 * hash in the page's policy; the id is in the page.
 */
const TELL_THE_APP = `new BroadcastChannel(${JSON.stringify(TOUCHED_CHANNEL)}).postMessage({kind:"connection",id:document.body.dataset.connection});`;
const TELL_THE_APP_HASH = `'sha256-${createHash("sha256").update(TELL_THE_APP).digest("base64")}'`;

/** The outcome as a response; `here` is the request's URL, where a sign-in comes back to. */
export function connectionResponse(outcome: ConnectionOutcome, here: URL): Response {
  if (outcome.kind === "redirect")
    return new Response(null, { status: 303, headers: { ...HEADERS, Location: outcome.location } });
  if (outcome.kind === "sign-in") {
    const next = safeNextPath(`${here.pathname}${here.search}`);
    return new Response(null, {
      status: 303,
      headers: { ...HEADERS, Location: `/sign-in?${new URLSearchParams({ next })}` },
    });
  }
  return new Response(page(outcome), {
    status: outcome.kind === "connected" ? 200 : outcome.status,
    headers: {
      ...HEADERS,
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": `default-src 'none'; style-src 'unsafe-inline'; script-src ${TELL_THE_APP_HASH}; frame-ancestors 'none'`,
    },
  });
}

function page(outcome: Extract<ConnectionOutcome, { kind: "connected" | "failed" }>): string {
  const [title, body] =
    outcome.kind === "connected"
      ? [
          `${outcome.providerName} is connected`,
          `${outcome.account ? `The account <strong>${escapeHtml(outcome.account)}</strong> is` : "The account is"} now connected to ${escapeHtml(outcome.brandName)}. You can close this window.`,
        ]
      : [outcome.title, escapeHtml(outcome.detail)];
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex"><title>${escapeHtml(title)}</title></head>
<body style="font-family: system-ui, sans-serif; max-width: 560px; margin: 64px auto; padding: 0 24px; line-height: 1.5; color: #1d1d1f"${outcome.kind === "connected" ? ` data-connection="${escapeHtml(outcome.connectionId)}"` : ""}>
<h1 data-outcome="${outcome.kind}">${escapeHtml(title)}</h1>
<p>${body}</p>
${outcome.kind === "connected" ? `<script>${TELL_THE_APP}</script>\n` : ""}</body></html>
`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}
