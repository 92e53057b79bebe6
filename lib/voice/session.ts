// POST /api/voice/session { brand, conversation? }: starts a voice conversation for the signed-in person in one
// brand. Refused like the chat: no session 401, another site 403, no access 403, a spent budget
// 402 in words, no voice configured 503 saying what to set. Realtime: the session's tokens are
// reserved (lib/voice/reservation.ts), then a short-lived secret is minted with this person's voice
// tools; turns: what the browser needs to record and send turns. A mint the provider refuses is a
// 503 in words, with the provider's answer for an admin (and the reservation released).
import "server-only";
import { z } from "zod";
import { actsAsAdmin, resolveBrandAccess } from "../core/access";
import { authenticate } from "../core/auth";
import { AppError } from "../contract/errors";
import { budgetMessage, budgetOf } from "../assistant/budget";
import { providerFailure } from "../assistant/provider-failure";
import { checkOrigin, readJsonObject, requirePerson } from "../assistant/http";
import { invalidBody } from "./http";
import { voiceInstructions } from "./instructions";
import { mintRealtimeSecret } from "./realtime-secret";
import { openVoiceSession, settleVoiceSession } from "./reservation";
import { voiceConversationOpener } from "./realtime-record";
import { voiceOff, voiceSetup } from "./setup";
import { realtimeTools } from "./tools";

const body = z
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

export async function startVoiceSession(request: Request, requestId: string): Promise<VoiceSessionAnswer> {
  checkOrigin(request);
  const userId = await requirePerson(request);
  const parsed = body.safeParse(await readJsonObject(request, 4096));
  if (!parsed.success) throw invalidBody(parsed.error);
  const setup = voiceSetup();
  if (!setup) throw await voiceOff(userId);
  const now = new Date();
  const actor = await authenticate({ kind: "session", userId }, now);
  const { brand, role } = await resolveBrandAccess(actor, parsed.data.brand);
  const spent = async () => new AppError("budget_exceeded", budgetMessage(brand.name, await budgetOf(brand, now)));
  if (setup.mode === "turns") {
    // each turn reserves its own tokens (lib/voice/turn.ts)
    if ((await budgetOf(brand, now)).exhausted) throw await spent();
    return { mode: "turns", speech: setup.speechModel ? "server" : "browser" };
  }
  // the page's conversation, checked now and made only once the session is granted (a refusal writes nothing)
  const openConversation = parsed.data.conversation
    ? await voiceConversationOpener(userId, brand.id, parsed.data.conversation)
    : undefined;
  // the most this session's reports may charge, reserved before anything is minted
  const session = await openVoiceSession(brand, userId, now);
  if (!session) throw await spent();
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
