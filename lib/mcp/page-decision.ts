// The confirm page's side of URL-mode confirmation (lib/mcp/confirm-page.ts): what the signed-in
// person sees of a call an MCP client sent them to confirm, and their decision, recorded once. Only
// the person the call is for finds it; anyone else's id reads as unknown (no existence oracle).
import { db } from "../db/client";
import { findCapability } from "../capabilities/registry";
import { AppError } from "../contract/errors";
import { errorEnvelope, type ToolEnvelope } from "../pending/envelope";
import { claim, findPending, storeOutcome } from "../pending/store";
import { expiredEnvelope } from "../pending/truth";
import { isPageCall } from "./confirm-page";
import { isPersonCaller } from "../core/person-confirmation";
import { findPersonCall, personTruth } from "../pending/person-decision";
import { askedBy } from "../pending/asked-by";

/** The calls the confirm page shows: an MCP client's URL-mode ask, or a write waiting for its person. */
const onThePage = (caller: string | null) => isPageCall(caller) || isPersonCaller(caller);

const POLL_MS = 400;

/** What the page shows: the call's capability, brand and input, who asked, and where it stands. */
export async function pageRequest(userId: string, pendingId: string, requestId: string) {
  const call = await findPending(pendingId, userId);
  const capability = call && findCapability(call.capabilityId);
  if (!call || !capability || !onThePage(call.caller)) return null;
  const brand = await db().brand.findUnique({ where: { id: call.brandId }, select: { shortId: true, name: true } });
  const envelope = await pageEnvelope(userId, pendingId, requestId);
  if (!brand || !envelope) return null;
  return { capability, brand, input: call.input, envelope, askedBy: await askedBy(call.caller ?? "") };
}

/** The page's answer to the person: awaiting them, waiting for their client, or what became of it. */
export async function pageEnvelope(userId: string, pendingId: string, requestId: string): Promise<ToolEnvelope | null> {
  const person = await findPersonCall(userId, pendingId);
  if (person) return personTruth(person, requestId);
  const call = await findPending(pendingId, userId);
  if (!call || !isPageCall(call.caller)) return null;
  if (call.outcome) return call.outcome;
  if (call.status === "pending" && call.expiresAt > new Date())
    return {
      status: "awaiting_confirmation",
      capabilityId: call.capabilityId,
      pendingId: call.id,
      summary: call.summary,
      expiresAt: call.expiresAt.toISOString(),
    };
  if (call.status === "pending") return expiredEnvelope(call.capabilityId, call.summary, requestId);
  return waitingForClient(call.capabilityId, call.expiresAt, requestId);
}

/**
 * The person's Confirm or Cancel on the page: recorded once (a conditional update); a confirm is
 * then run by the MCP call that asked, whose outcome this answers with when it comes in time.
 */
export async function decideOnPage(
  userId: string,
  pendingId: string,
  decision: "confirm" | "cancel",
  requestId: string,
): Promise<ToolEnvelope | null> {
  const call = await findPending(pendingId, userId);
  if (!call || !isPageCall(call.caller)) return null;
  const now = new Date();
  if (call.status === "pending" && call.expiresAt > now) {
    if (decision === "cancel") {
      if ((await claim(call.id, userId, "declined", now)).won)
        await storeOutcome(call.id, { status: "declined", capabilityId: call.capabilityId, summary: call.summary });
    } else await claim(call.id, userId, "approved", now);
  }
  for (let attempt = 0; attempt < 25; attempt++) {
    const current = await pageEnvelope(userId, pendingId, requestId);
    if (current?.status !== "error" || current.error.code !== "unavailable") return current;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return pageEnvelope(userId, pendingId, requestId);
}

/** Approved on the page, not yet run: the MCP call that asked runs it when it comes back. */
function waitingForClient(capabilityId: string, expiresAt: Date, requestId: string): ToolEnvelope {
  return errorEnvelope(
    capabilityId,
    new AppError(
      "unavailable",
      `Confirmed. Your MCP client makes the change when it continues the call (before ${expiresAt.toISOString()}); nothing is written until then.`,
      { retryAfterSeconds: 2 },
    ),
    requestId,
  );
}
