// POST /api/voice/session { brand, conversation? }: starts a voice conversation for the signed-in person in one
// brand. Refused like the chat: no session 401, another site 403, no access 403, a spent budget (the
// brand's month, or this person's share of it) 402 in words, no voice configured 503 saying what to
// set, past VOICE_SESSIONS_PER_HOUR realtime starts 429 with Retry-After. Realtime: the session's tokens are
// reserved (lib/voice/reservation.ts), then a short-lived secret is minted with this person's voice
// tools; turns: what the browser needs to record and send turns. A mint the provider refuses is a
// 503 in words, with the provider's answer for an admin (and the reservation released).
import "server-only";
import { z } from "zod";
import { actsAsAdmin, resolveBrandAccess } from "../core/access";
import { authenticate } from "../core/auth";
import { AppError } from "../contract/errors";
import { budgetRefusal, spendingRefusal } from "../assistant/person-share";
import { config } from "../config";
import { rateLimitStore } from "../core/rate-limit";
import { providerFailure } from "../assistant/provider-failure";
import { voiceInstructions } from "./instructions";
import { mintRealtimeSecret } from "./realtime-secret";
import { openVoiceSession, settleVoiceSession } from "./reservation";
import { voiceConversationOpener } from "./realtime-record";
import { voiceOff, voiceSetup } from "./setup";
import { realtimeTools } from "./tools";

export const sessionBody = z
  .object({
    brand: z.string().min(1).max(100),
    /** realtime: the page's open conversation, opened now (it joins the list) and the session's record */
    conversation: z.string().min(1).max(100).optional(),
  })
  .strict();

export type VoiceSessionAnswer =
  | {
      mode: "realtime";
      transport: "webrtc" | "websocket";
      /** WebRTC: the API base the SDP offer goes to; WebSocket: the socket URL with the model */
      url: string;
      model: string;
      clientSecret: string;
      expiresAt: string;
      instructions: string;
      tools: { name: string; description: string; parameters: Record<string, unknown> }[];
      /** the server's record of this session: its usage is reported against `tokens`, until `endsAt` */
      session: { id: string; tokens: number; endsAt: string };
    }
  | { mode: "turns"; speech: "server" | "browser" };

export async function startVoiceSession(
  userId: string,
  start: z.output<typeof sessionBody>,
  requestId: string,
): Promise<VoiceSessionAnswer> {
  const setup = voiceSetup();
  if (!setup) throw await voiceOff(userId);
  const now = new Date();
  const actor = await authenticate({ kind: "session", userId }, now);
  const { brand, role } = await resolveBrandAccess(actor, start.brand);
  if (setup.mode === "turns") {
    // each turn reserves its own tokens (lib/voice/turn.ts)
    const refusal = await spendingRefusal(brand, userId, now);
    if (refusal) throw await budgetRefusal(brand, refusal, now);
    return { mode: "turns", speech: setup.speechModel ? "server" : "browser" };
  }
  await limitStarts(userId, now);
  // the page's conversation, checked now and made only once the session is granted (a refusal writes nothing)
  const openConversation = start.conversation
    ? await voiceConversationOpener(userId, brand.id, start.conversation)
    : undefined;
  // the most this session's reports may charge, reserved before anything is minted
  const session = await openVoiceSession(brand, userId, now);
  if (typeof session === "string") throw await budgetRefusal(brand, session, now);
  const instructions = voiceInstructions(brand, { name: actor.name, role });
  const tools = realtimeTools(actor, role);
  const secret = await mintRealtimeSecret({ ...setup, instructions, tools }).catch(async (error: unknown) => {
    await settleVoiceSession(session.id, new Date());
    throw providerFailure(error, {
      door: "voice",
      call: "realtime_session",
      model: setup.model,
      requestId,
      brandId: brand.id,
      admin: actsAsAdmin(actor, role),
    });
  });
  await openConversation?.(new Date());
  const url =
    setup.transport === "webrtc"
      ? setup.baseUrl
      : `${setup.baseUrl.replace(/^http/, "ws")}/realtime?model=${encodeURIComponent(setup.model)}`;
  return {
    mode: "realtime",
    transport: setup.transport,
    url,
    model: setup.model,
    clientSecret: secret.value,
    expiresAt: secret.expiresAt,
    instructions,
    tools,
    session: { id: session.id, tokens: session.tokens, endsAt: session.expiresAt.toISOString() },
  };
}

/**
 * Realtime starts per person per hour (VOICE_SESSIONS_PER_HOUR), counted by the shared rate limiter
 * (Redis when set, so the bound holds across instances): each start reserves a session's tokens, and
 * a loop of starts and reports would otherwise spend the brand's month in seconds.
 */
async function limitStarts(userId: string, now: Date): Promise<void> {
  const perHour = config().VOICE_SESSIONS_PER_HOUR;
  const limit = await rateLimitStore().hit(`voice-start:${userId}`, perHour, now.getTime(), 3600_000);
  if (limit.allowed) return;
  throw new AppError(
    "rate_limited",
    `You have started ${perHour} voice sessions in the last hour, the most one person may; start again in ${waitWords(limit.retryAfterSeconds)}.`,
    { retryAfterSeconds: limit.retryAfterSeconds },
  );
}

function waitWords(seconds: number): string {
  return seconds < 120 ? `${seconds} seconds` : `${Math.ceil(seconds / 60)} minutes`;
}
