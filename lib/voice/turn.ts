// POST /api/voice/turn: one turn of a turn-based voice conversation, for any OpenAI-compatible
// server. The person's recorded words are transcribed (/audio/transcriptions), the chat's model
// loop runs with the Voice tool set (each call the Voice door's pipeline run), and the answer is
// spoken (/audio/speech) or left to the browser's own speech synthesis. Tokens are metered like
// the chat's. The history is the browser's and untrusted: text only, and a decision on a pending
// call is told to the model from the stored truth, not from what the browser says happened. A
// provider's refusal (transcription, the model, speech) is said as the chat says it.
import "server-only";
import { experimental_generateSpeech, experimental_transcribe, generateText, isStepCount, type LanguageModel, type ModelMessage } from "ai";
import type { Actor, BrandInfo } from "../contract/context";
import type { Role } from "../contract/roles";
import { z } from "zod";
import { capabilities } from "../capabilities/registry";
import { actsAsAdmin, resolveBrandAccess } from "../core/access";
import { authenticate } from "../core/auth";
import { AppError, invalidInput } from "../contract/errors";
import type { RunForPerson, ToolEnvelope } from "../pending/envelope";
import { budgetMessage, budgetOf, meteredSteps } from "../assistant/budget";
import { config } from "../config";
import { checkOrigin, readJsonObject, requirePerson } from "../assistant/http";
import { assistantModel, assistantModelName, openAIProvider, strictTools } from "../assistant/model";
import { providerFailure, type FailedCall } from "../assistant/provider-failure";
import { buildTools } from "../assistant/tools";
import { pendingTruth } from "../pending/truth";
import { invalidBody } from "./http";
import { voiceInstructions } from "./instructions";
import { NO_VOICE_MESSAGE, voiceSetup, type VoiceSetup } from "./setup";

/** a WAV of about 60 s of 16 kHz mono speech, base64 */
const TURN_BODY_LIMIT = 3 * 1024 * 1024;
const MAX_STEPS = 6;

const body = z.object({
  brand: z.string().min(1).max(100),
  /** the recorded turn: a WAV file, base64 */
  audio: z.string().min(1).max(TURN_BODY_LIMIT).optional(),
  /** the person decided on a pending call since the last turn: its id (the outcome is read from the server) */
  decided: z.string().min(1).max(64).optional(),
  history: z.array(z.object({ role: z.enum(["user", "assistant"]), text: z.string().max(4000) }).strict()).max(40).default([]),
}).strict().refine((value) => value.audio !== undefined || value.decided !== undefined, { message: "send audio or decided", path: ["audio"] });

export type TurnAnswer = {
  /** what the person said, as transcribed (empty after a decision) */
  transcript: string;
  /** what the assistant answers, to show and to speak */
  reply: string;
  tools: { capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope }[];
  /** the spoken answer (WAV, base64), or null when the browser speaks it */
  audio: string | null;
  /** the month's budget is spent: the session ends after this turn */
  budgetExhausted: boolean;
};

export async function runVoiceTurn(request: Request, requestId: string, runForPerson: RunForPerson): Promise<TurnAnswer> {
  checkOrigin(request);
  const userId = await requirePerson(request);
  const parsed = body.safeParse(await readJsonObject(request, TURN_BODY_LIMIT + 64 * 1024));
  if (!parsed.success) throw invalidBody(parsed.error);
  const setup = voiceSetup();
  const model = assistantModel();
  if (setup?.mode !== "turns" || !model) throw new AppError("unavailable", NO_VOICE_MESSAGE);
  const now = new Date();
  const actor = await authenticate({ kind: "session", userId }, now);
  const { brand, role } = await resolveBrandAccess(actor, parsed.data.brand);
  // like the chat: each model call of the turn reserves its tokens first (lib/assistant/budget.ts)
  const metered = meteredSteps(brand, config().AI_RESERVE_TOKENS);
  if (!(await metered.first(now))) throw new AppError("budget_exceeded", budgetMessage(brand.name, await budgetOf(brand, now)));
  try {
    return await takeTurn({ ...parsed.data, setup, model, userId, actor, brand, role, metered, requestId, runForPerson });
  } finally {
    await metered.releaseAll();
  }
}

type Turn = Omit<z.infer<typeof body>, "brand"> & {
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
    providerFailure(error, { door: "voice", call, model, requestId, brandId: brand.id, admin: actsAsAdmin(actor, role) });
  const transcript = turn.audio ? await transcribeTurn(provider, setup.transcriptionModel, turn.audio, explain("transcription", setup.transcriptionModel)) : "";
  const said = turn.decided ? await decisionNote(userId, turn.decided, requestId) : transcript;
  const tools = buildTools(capabilities, actor, role, "voice", (capabilityId, input, toolCallId) =>
    runForPerson({ userId, capabilityId, brand: brand.id, input, requestId: `${requestId}.${toolCallId}`.slice(0, 128), toolCallId, door: "voice" }),
  { strict: strictTools() });
  const messages: ModelMessage[] = [...turn.history.map(({ role, text }) => ({ role, content: text }) as ModelMessage), { role: "user", content: said || "(silence)" }];
  const result = await generateText({
    model: turn.model, system: voiceInstructions(brand, { name: actor.name, role }), messages, tools,
    // each next model call reserves its tokens, or the turn ends there
    stopWhen: [isStepCount(MAX_STEPS), () => metered.next()],
    onStepEnd: (step) => metered.stepDone(step.usage.totalTokens ?? (step.usage.inputTokens ?? 0) + (step.usage.outputTokens ?? 0)),
  }).catch((error: unknown) => {
    throw explain("chat", assistantModelName())(error);
  });
  const reply = result.text.trim() || "Done.";
  const toolResults = result.steps.flatMap((step) => step.toolResults).map((item) => ({
    capabilityId: (item.output as ToolEnvelope).capabilityId, input: item.input as Record<string, unknown>, envelope: item.output as ToolEnvelope,
  }));
  const audio = setup.speechModel ? await speak(provider, setup.speechModel, reply, explain("speech", setup.speechModel)) : null;
  return { transcript, reply, tools: toolResults, audio, budgetExhausted: (await budgetOf(brand, new Date())).exhausted };
}

type Provider = ReturnType<typeof openAIProvider>;
type Explain = (error: unknown) => AppError;

async function transcribeTurn(provider: Provider, model: string, base64: string, explain: Explain): Promise<string> {
  const audio = Buffer.from(base64, "base64");
  if (audio.length < 44 || audio.toString("ascii", 0, 4) !== "RIFF" || audio.toString("ascii", 8, 12) !== "WAVE") throw invalidInput("audio", "must be a WAV recording, base64");
  try {
    return (await experimental_transcribe({ model: provider.transcription(model), audio })).text.trim();
  } catch (error) {
    throw explain(error);
  }
}

async function speak(provider: Provider, model: string, text: string, explain: Explain): Promise<string | null> {
  try {
    return Buffer.from((await experimental_generateSpeech({ model: provider.speech(model), text, outputFormat: "wav" })).audio.uint8Array).toString("base64");
  } catch (error) {
    explain(error); // logged for the operator; the person still gets the answer, in the browser's voice
    return null;
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
