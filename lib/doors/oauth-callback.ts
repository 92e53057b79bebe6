// The two ends of a connection link, for a person's browser (docs/design.md, signed links): GET
// /api/connections/start (the link connections.connect hands out) and GET
// /api/connections/callback (where the provider sends the person back). Each translates the
// request, with the browser's sign-in, into lib/connections and the outcome into a page or a
// redirect: never JSON, never a stack, whatever fails.
import { signedInSession } from "../auth/session";
import { db } from "../db/client";
import type { PrismaClient } from "../db/generated/client";
import { isUnavailable } from "../db/errors";
import { completeConnection } from "../connections/complete";
import type { Browser, ConnectionOutcome, RecordCompletion } from "../connections/outcome";
import { startConnection } from "../connections/start";
import { log } from "../log";
import { connectionResponse } from "./connection-page";

type Step = (db: PrismaClient, params: URLSearchParams, browser: Browser, now: Date) => Promise<ConnectionOutcome>;

export const handleConnectionStart = (request: Request) => respond(request, startConnection, "connection start");
/** `record`: what the completion's write leaves beside it (lib/ops/connection-completed.ts, handed down by the route). */
export const handleOAuthCallback = (request: Request, record: RecordCompletion) =>
  respond(
    request,
    (db, params, browser, now) => completeConnection(db, params, browser, now, record),
    "connection callback",
  );

async function respond(request: Request, step: Step, what: string): Promise<Response> {
  const url = new URL(request.url);
  let outcome: ConnectionOutcome;
  try {
    outcome = await step(db(), url.searchParams, await signedInSession(request.headers), new Date());
  } catch (error) {
    log.error({ component: "oauth-callback", err: error }, `${what} failed`);
    outcome = isUnavailable(error)
      ? {
          kind: "failed",
          status: 503,
          title: "The service is busy",
          detail: "Nothing was connected. Open the link again in a moment.",
        }
      : {
          kind: "failed",
          status: 500,
          title: "Something went wrong",
          detail: "Nothing was connected. Ask for a new link and try again.",
        };
  }
  return connectionResponse(outcome, url);
}
