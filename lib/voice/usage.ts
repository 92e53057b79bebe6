// POST /api/voice/usage { session, responseId, usage }: what one realtime response cost, as the
// provider reported it in response.done (audio and text tokens together), charged against the
// tokens the server reserved for this voice session when it minted it (lib/voice/reservation.ts).
// The browser is the only party that sees these reports (the audio flows between it and the
// provider), so a report is taken only within that reservation: a tampered browser can charge at
// most what the server already set aside for its session. The answer tells the browser whether
// the session may go on. POST /api/voice/session/end { session, conversation? } settles the session;
// `conversation`: the one the session opened, which the person left (removed if nothing is in it).
import "server-only";
import { z } from "zod";
import { resolveBrandAccess } from "../core/access";
import { authenticate } from "../core/auth";
import { AppError } from "../contract/errors";
import { budgetMessage, budgetOf } from "../assistant/budget";
import { chargeVoiceResponse, ownsVoiceSession, settleVoiceSession } from "./reservation";
import { voiceOff, voiceSetup } from "./setup";
import { dropUnusedVoiceConversation } from "./realtime-record";
import { CONVERSATION_ID, CONVERSATION_ID_RULE } from "../conversations/store";

const count = z.int().min(0).max(10_000_000);
const sessionId = z.string().min(1).max(100);
export const usageBody = z
  .object({
    /** the id the session route answered with */
    session: sessionId,
    /** response.done's response.id: each response is charged once */
    responseId: z.string().min(1).max(200),
    usage: z
      .object({ total_tokens: count.optional(), input_tokens: count.optional(), output_tokens: count.optional() })
      .loose(),
  })
  .strict();
export const endBody = z
  .object({ session: sessionId, conversation: z.string().regex(CONVERSATION_ID, CONVERSATION_ID_RULE).optional() })
  .strict();

export type UsageAnswer = {
  /** the brand's month: tokens used, the plan's limit, and whether it is spent */
  used: number;
  limit: number;
  exhausted: boolean;
  /** what this report was charged (0 for a response id already reported) */
  charged: number;
  /** what is left of the session's reservation */
  left: number;
  /** the session is over (its tokens or the month's are spent): the browser ends it */
  ended: boolean;
  message?: string;
};

/** Only realtime sessions report usage: with Voice off (or turn by turn) nothing is taken, whatever the report. */
export async function takesUsageReports(userId: string): Promise<void> {
  if (voiceSetup()?.mode !== "realtime") throw await voiceOff(userId);
}

/** A report, once takesUsageReports said yes. */
export async function meterVoiceUsage(userId: string, report: z.output<typeof usageBody>): Promise<UsageAnswer> {
  const now = new Date();
  const actor = await authenticate({ kind: "session", userId }, now);
  const { total_tokens, input_tokens = 0, output_tokens = 0 } = report.usage;
  const charge = await chargeVoiceResponse(
    report.session,
    userId,
    report.responseId,
    total_tokens ?? input_tokens + output_tokens,
    now,
  );
  // what the month looks like is answered to a member of the brand only
  const { brand } = await resolveBrandAccess(actor, charge.brandId);
  const budget = await budgetOf(brand, now);
  // a session that spent the month's last tokens is ended there, and its reservation released
  const ended = charge.ended || (budget.exhausted && (await settleVoiceSession(report.session, now, userId)));
  const message = budget.exhausted
    ? budgetMessage(brand.name, budget)
    : ended
      ? "This voice session has used the tokens set aside for it. Press Start voice to go on."
      : undefined;
  return {
    used: budget.used,
    limit: budget.limit,
    exhausted: budget.exhausted,
    charged: charge.charged,
    left: ended ? 0 : charge.left,
    ended,
    ...(message ? { message } : {}),
  };
}

/**
 * The page ended its session (Stop voice, leaving the page or the conversation): what it did not
 * report is released, and a conversation the session opened and the person left empty is removed.
 */
export async function endVoiceSession(userId: string, end: z.output<typeof endBody>): Promise<{ ended: true }> {
  // ending twice is fine; ending another person's session (or an unknown one) is not_found
  const settled = await settleVoiceSession(end.session, new Date(), userId);
  if (!settled && !(await ownsVoiceSession(end.session, userId))) {
    throw new AppError("not_found", "No voice session of yours has this id.", { field: "session" });
  }
  if (end.conversation) await dropUnusedVoiceConversation(userId, end.conversation);
  return { ended: true };
}
