// POST /api/voice/said: what the person and the assistant said in a realtime voice session, as the
// session transcribed it in the person's browser, appended to the person's own conversation (open
// in this brand) and marked as spoken. Storing words the browser reports is acceptable because
// this is the person's own record, as their typed messages are: they could type the same words,
// nothing runs or is decided because of them (a capability call is run and stored by the server,
// a confirmation is decided by the pending call's stored truth), and no one else reads it. Checked
// like the other voice routes: signed in, same site, the conversation theirs and of this brand
// (404 otherwise), bounded length, rate-limited per person like every call they make.
import "server-only";
import { z } from "zod";
import { authenticate, callerKey } from "../core/auth";
import { rateLimitStore } from "../core/rate-limit";
import { AppError } from "../contract/errors";
import { config } from "../config";
import { recordSaid, voiceConversation } from "./realtime-record";

/** a realtime response's transcript is a few sentences; longer is not speech */
export const SAID_LIMIT = 4000;

export const saidBody = z
  .object({
    brand: z.string().min(1).max(100),
    conversation: z.string().min(1).max(100),
    role: z.enum(["user", "assistant"]),
    text: z.string().trim().min(1).max(SAID_LIMIT),
    /** the page's id for this message, so a resend is stored once */
    messageId: z.string().min(1).max(100).optional(),
  })
  .strict();

export async function storeSaid(userId: string, said: z.output<typeof saidBody>): Promise<{ stored: boolean }> {
  const now = new Date();
  const limit = await rateLimitStore().hit(
    callerKey(await authenticate({ kind: "session", userId }, now)),
    config().RATE_LIMIT_PER_MINUTE,
    now.getTime(),
  );
  if (!limit.allowed)
    throw new AppError("rate_limited", `Too many calls; retry in ${limit.retryAfterSeconds} s`, {
      retryAfterSeconds: limit.retryAfterSeconds,
    });
  const { brand, conversation, role, text, messageId } = said;
  const open = await voiceConversation(userId, brand, conversation);
  return { stored: await recordSaid(userId, open.id, messageId, role, text, now) };
}
