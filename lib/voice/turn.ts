// POST /api/voice/turn: one turn of a turn-based voice conversation, for any OpenAI-compatible
// server. The person's recorded words are transcribed (/audio/transcriptions), the chat's model
// loop runs with the Voice tool set (each call the Voice door's pipeline run), and the answer is
// spoken (/audio/speech) or left to the browser's own speech synthesis. Tokens are metered like
// the chat's. The turn is stored in the person's conversation like a typed one (./record.ts) and
// the model reads that stored conversation, not the browser's; a decision on a pending call is told
// to the model from the stored truth, not from what the browser says happened. A provider's refusal
// (transcription, the model, speech) is said as the chat says it, and nothing is stored.
import "server-only";
import { generateText, isStepCount, type LanguageModel, type UIMessage } from "ai";
import type { Actor, BrandInfo } from "../contract/context";
import type { Role } from "../contract/roles";
import { z } from "zod";
import { capabilities } from "../capabilities/registry";
import { actsAsAdmin, resolveBrandAccess } from "../core/access";
import { authenticate } from "../core/auth";
import { invalidInput } from "../contract/errors";
import type { RunForPerson, ToolEnvelope } from "../pending/envelope";
import { meteredSteps } from "../assistant/budget";
import { budgetRefusal, spendingRefusal } from "../assistant/person-share";
import { config } from "../config";
import { assistantModel, assistantModelName, openAIProvider, strictTools } from "../assistant/model";
import { providerFailure, type FailedCall } from "../assistant/provider-failure";
import { personModelTools } from "../assistant/offered";
import { pendingTruth } from "../pending/truth";
import { voiceInstructions } from "./instructions";
import { transcribeTurn, speak } from "./audio";
import { holdConversation, recordTurn, storedHistory } from "./record";
import { voiceOff, voiceSetup, type VoiceSetup } from "./setup";

/** a WAV of about 60 s of 16 kHz mono speech, base64 */
const TURN_AUDIO_LIMIT = 3 * 1024 * 1024;
/** the audio and the rest of the turn */
export const TURN_BODY_LIMIT = TURN_AUDIO_LIMIT + 64 * 1024;
const MAX_STEPS = 6;

export const turnBody = z
  .object({
    brand: z.string().min(1).max(100),
    /** the recorded turn: a WAV file, base64 */
    audio: z.string().min(1).max(TURN_AUDIO_LIMIT).optional(),
    /** the person decided on a pending call since the last turn: its id (the outcome is read from the server) */
    decided: z.string().min(1).max(64).optional(),
    /** the conversation the turn belongs to (the page's open one); absent, a new conversation */
    conversation: z.string().min(1).max(100).optional(),
    /** sent by pages from before voice turns were stored; the stored conversation is the history now */
    history: z
      .array(z.object({ role: z.enum(["user", "assistant"]), text: z.string().max(4000) }).strict())
      .max(40)
      .default([]),
  })
  .strict()
  .refine((value) => value.audio !== undefined || value.decided !== undefined, {
    message: "send audio or decided",
    path: ["audio"],
  });

export type TurnAnswer = {
  /** what the person said, as transcribed (empty after a decision) */
  transcript: string;
  /** what the assistant answers, to show and to speak */
  reply: string;
  tools: { capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope }[];
  /** the spoken answer (WAV, base64), or null when the browser speaks it */
  audio: string | null;
  /** the month's budget is spent, or this person's share of it: the session ends after this turn */
  budgetExhausted: boolean;
  /** the conversation the turn is stored in, and its two stored messages (what the page shows) */
  conversation: { id: string; title: string };
  messages: UIMessage[];
};

export async function runVoiceTurn(
  userId: string,
  turn: z.output<typeof turnBody>,
  requestId: string,
  runForPerson: RunForPerson,
): Promise<TurnAnswer> {
  const setup = voiceSetup();
  const model = assistantModel();
  if (setup?.mode !== "turns" || !model) throw await voiceOff(userId);
  const now = new Date();
  const actor = await authenticate({ kind: "session", userId }, now);
  const { brand, role } = await resolveBrandAccess(actor, turn.brand);
  // like the chat: each model call of the turn reserves its tokens first (lib/assistant/budget.ts)
  const metered = meteredSteps(brand, userId, config().AI_RESERVE_TOKENS);
  const refusal = await metered.first(now);
  if (refusal) throw await budgetRefusal(brand, refusal, now);
  try {
    return await takeTurn({
      ...turn,
      setup,
      model,
      userId,
      actor,
      brand,
      role,
      metered,
      requestId,
      runForPerson,
    });
  } finally {
    await metered.releaseAll();
  }
}

type Turn = Omit<z.infer<typeof turnBody>, "brand"> & {
  setup: Extract<VoiceSetup, { mode: "turns" }>;
  model: LanguageModel;
  userId: string;
  actor: Actor;
  brand: BrandInfo;
  role: Role | null;
  metered: ReturnType<typeof meteredSteps>;
  requestId: string;
  /** the Voice door's call of one capability (lib/doors/voice.ts hands it in) */
  runForPerson: RunForPerson;
};

async function takeTurn(turn: Turn): Promise<TurnAnswer> {
  const { setup, userId, actor, brand, role, metered, requestId, runForPerson } = turn;
  const provider = openAIProvider();
  // a provider's failure as the error for this person (lib/assistant/provider-failure.ts), logged once
  const explain = (call: FailedCall["call"], model: string) => (error: unknown) =>
    providerFailure(error, {
      door: "voice",
      call,
      model,
      requestId,
      brandId: brand.id,
      admin: actsAsAdmin(actor, role),
    });
  const transcript = turn.audio
    ? await transcribeTurn(
        provider,
        setup.transcriptionModel,
        turn.audio,
        explain("transcription", setup.transcriptionModel),
      )
    : "";
  const said = (turn.decided ? await decisionNote(userId, turn.decided, requestId) : transcript) || "(silence)";
  const conversation = await holdConversation(userId, brand.id, turn.conversation, said, new Date());
  try {
    const { model, tools } = personModelTools(
      turn.model,
      capabilities,
      actor,
      role,
      "voice",
      (capabilityId, input, toolCallId) =>
        runForPerson({
          userId,
          capabilityId,
          brand: brand.id,
          input,
          requestId: `${requestId}.${toolCallId}`.slice(0, 128),
          toolCallId,
          door: "voice",
          conversationId: conversation.id,
        }),
      { strict: strictTools() },
    );
    const history = await storedHistory(userId, conversation.id, tools, requestId);
    const result = await generateText({
      model,
      system: voiceInstructions(brand, { name: actor.name, role }),
      messages: [...history, { role: "user", content: said }],
      tools,
      // each next model call reserves its tokens, or the turn ends there
      stopWhen: [isStepCount(MAX_STEPS), () => metered.next()],
      onStepEnd: (step) =>
        metered.stepDone(step.usage.totalTokens ?? (step.usage.inputTokens ?? 0) + (step.usage.outputTokens ?? 0)),
    }).catch((error: unknown) => {
      throw explain("chat", assistantModelName())(error);
    });
    const reply = result.text.trim() || "Done.";
    const toolResults = result.steps
      .flatMap((step) => step.toolResults)
      .map((item) => ({
        capabilityId: (item.output as ToolEnvelope).capabilityId,
        input: item.input as Record<string, unknown>,
        envelope: item.output as ToolEnvelope,
      }));
    const messages = await recordTurn(userId, conversation.id, said, result.steps, reply, new Date());
    const audio = setup.speechModel
      ? await speak(provider, setup.speechModel, reply, explain("speech", setup.speechModel))
      : null;
    return {
      transcript,
      reply,
      tools: toolResults,
      audio,
      budgetExhausted: (await spendingRefusal(brand, userId, new Date())) !== null,
      conversation: { id: conversation.id, title: conversation.title },
      messages,
    };
  } finally {
    await conversation.release();
  }
}

/** The outcome of the person's click on a pending call, as stored: the model is told the truth. */
async function decisionNote(userId: string, pendingId: string, requestId: string): Promise<string> {
  const truth = await pendingTruth(userId, pendingId, requestId);
  if (!truth) throw invalidInput("decided", "no pending call of yours has this id");
  if (truth.status === "ok") return `I pressed Confirm on the card: it was written (${truth.capabilityId}).`;
  if (truth.status === "declined") return "I pressed Cancel on the card: nothing was written.";
  if (truth.status === "awaiting_confirmation") return "I have not decided on the card yet.";
  return `I pressed Confirm on the card, but it failed: ${truth.error.message}`;
}
