// POST /api/chat: the Assistant door's model loop (AI SDK 7 UI message stream). The model's tools
// are the person's callable capabilities in the selected brand; each call is one pipeline run
// through the door's runForPerson (lib/doors/assistant.ts hands it in). Tokens used are metered
// against the brand's monthly budget. The conversation is the server's (lib/conversations): the
// model reads what was stored, not the client.
import "server-only";
import {
  consumeStream,
  convertToModelMessages,
  createUIMessageStreamResponse,
  isStepCount,
  safeValidateUIMessages,
  streamText,
  toUIMessageStream,
} from "ai";
import { z } from "zod";
import { capabilities } from "../capabilities/registry";
import { actsAsAdmin, resolveBrandAccess } from "../core/access";
import { authenticate } from "../core/auth";
import { AppError, invalidInput } from "../contract/errors";
import { meteredSteps } from "./budget";
import { budgetRefusal } from "./person-share";
import { randomBase62 } from "../crypto";
import { loadMessages } from "../conversations/messages";
import { settleMessages } from "../conversations/settle";
import { holdForAnswer, openConversation, releaseAnswer } from "../conversations/store";
import { addPersonMessage, personSaid, stillAnswering, storeAnswer, textOf } from "../conversations/turn";
import { MODEL_HISTORY_MESSAGES, modelWindow } from "../conversations/window";
import { assistantModel, assistantModelName, strictTools } from "./model";
import { providerFailure } from "./provider-failure";
import { config } from "../config";
import { systemPrompt } from "./system-prompt";
import { approvedVoice } from "./voice-prompt";
import { personModelTools } from "./offered";
import type { RunForPerson } from "../pending/envelope";
import type { LanguageModel, LanguageModelUsage, ModelMessage, ToolSet, UIMessage } from "ai";

export const CHAT_BODY_LIMIT = 4 * 1024 * 1024;
/** model calls per request: enough for overview → soul → a few tools → an answer */
const MAX_STEPS = 8;

export const chatBody = z.object({
  // the conversation (useChat's id); absent, a new conversation is started
  id: z.string().max(200).optional(),
  brand: z.string().min(1).max(100),
  messages: z.array(z.unknown()).min(1).max(500),
});

export type ChatTurn = z.output<typeof chatBody>;

export const NO_MODEL_MESSAGE =
  "No language model is configured for the assistant (set OPENAI_API_KEY, or OPENAI_BASE_URL and ASSISTANT_MODEL). Slash commands still work.";

/**
 * One turn of a stored conversation: the person's new message (the last one sent) is appended to
 * what the server stored, and the model answers from that. Earlier messages a client sends are
 * ignored: the conversation's past is the server's, so it cannot be rewritten from the browser.
 */
export async function handleChat(
  userId: string,
  turn: ChatTurn,
  requestId: string,
  runForPerson: RunForPerson,
): Promise<Response> {
  const validated = await safeValidateUIMessages({ messages: turn.messages });
  if (!validated.success) throw invalidInput("messages", validated.error.message.slice(0, 300));
  // the system prompt is the server's: a client cannot add its own instructions above the person's
  const system = validated.data.findIndex((message) => message.role === "system");
  if (system >= 0) throw invalidInput(`messages.${system}.role`, "must be user or assistant");
  const said = personSaid(validated.data);
  const model = assistantModel();
  if (!model) throw new AppError("unavailable", NO_MODEL_MESSAGE);
  const now = new Date();
  const actor = await authenticate({ kind: "session", userId }, now);
  const { brand, role } = await resolveBrandAccess(actor, turn.brand);
  // each model call reserves its tokens first (lib/assistant/budget.ts): parallel chats of one
  // brand cannot all pass a spent budget; slash commands never reach this route
  // brand and person both: past their share a person is refused while the others still chat
  const metered = meteredSteps(brand, userId, config().AI_RESERVE_TOKENS);
  const refusal = await metered.first(now);
  if (refusal) throw await budgetRefusal(brand, refusal, now);
  const answerId = randomBase62(16);
  let held: string | undefined;
  try {
    const conversation = await openConversation(userId, brand.id, turn.id ?? randomBase62(24), textOf(said), now);
    if (!(await holdForAnswer(userId, conversation.id, answerId, now))) throw stillAnswering();
    held = conversation.id;
    await addPersonMessage(userId, conversation.id, said, now);
    const { model: offering, tools } = personModelTools(
      model,
      capabilities,
      actor,
      role,
      "assistant",
      (capabilityId, input, toolCallId) =>
        runForPerson({
          userId,
          capabilityId,
          brand: brand.id,
          input,
          requestId: `${requestId}.${toolCallId}`.slice(0, 128),
          toolCallId,
          conversationId: conversation.id,
        }),
      { strict: strictTools() },
    );
    const history = modelWindow(
      await settleMessages(
        userId,
        conversation.id,
        (await loadMessages(userId, conversation.id, MODEL_HISTORY_MESSAGES)).messages,
        requestId,
      ),
    );
    const modelMessages = await convertToModelMessages(history, { tools, ignoreIncompleteToolCalls: true });
    const keep = storeAnswer(userId, conversation.id, answerId, requestId);
    const explain = (error: unknown) =>
      providerFailure(error, {
        door: "assistant",
        call: "chat",
        model: assistantModelName(),
        requestId,
        brandId: brand.id,
        admin: actsAsAdmin(actor, role),
      });
    return streamChat({
      model: offering,
      system: systemPrompt(
        brand,
        { name: actor.name, role },
        await approvedVoice(runForPerson, { userId, brandId: brand.id, requestId }),
      ),
      messages: history,
      modelMessages,
      tools,
      metered,
      keep,
      explain,
      conversationId: conversation.id,
      requestId,
    });
  } catch (error) {
    await metered.releaseAll();
    if (held) await releaseAnswer(userId, held, answerId);
    throw error;
  }
}

type ChatRun = {
  model: LanguageModel;
  system: string;
  messages: UIMessage[];
  modelMessages: ModelMessage[];
  tools: ToolSet;
  metered: ReturnType<typeof meteredSteps>;
  keep: ReturnType<typeof storeAnswer>;
  /** a failed model call as the error to show this person (lib/assistant/provider-failure.ts) */
  explain: (error: unknown) => AppError;
  conversationId: string;
  requestId: string;
};

function streamChat({
  model,
  system,
  messages,
  modelMessages,
  tools,
  metered,
  keep,
  explain,
  conversationId,
  requestId,
}: ChatRun): Response {
  const result = streamText({
    model,
    system,
    messages: modelMessages,
    tools,
    // a conversation stops when the next model call's tokens cannot be reserved (budget spent)
    stopWhen: [isStepCount(MAX_STEPS), () => metered.next()],
    // settled step by step, so a chat cut short still counts what the model already did
    onStepEnd: async (step) => {
      try {
        await metered.stepDone(tokensOf(step.usage));
      } catch (error) {
        console.error(`[${requestId}] AI usage not recorded:`, error);
      }
    },
    onEnd: () => metered.releaseAll(),
    onError: () => metered.releaseAll(),
    onAbort: () => metered.releaseAll(),
  });
  const stream = toUIMessageStream({
    stream: result.stream,
    tools,
    originalMessages: messages,
    generateMessageId: () => randomBase62(16),
    onStepEnd: ({ responseMessage }) => keep.step(responseMessage),
    onEnd: ({ responseMessage }) => keep.end(responseMessage),
    // the error text is the error body an HTTP failure of this route has: the page reads both alike
    onError: (error) => JSON.stringify(explain(error).toBody(requestId)),
  });
  return createUIMessageStreamResponse({
    stream,
    headers: { "X-Request-Id": requestId, "X-Conversation-Id": conversationId, "Cache-Control": "no-store" },
    // read to the end on the server whoever listens: a reload or a dropped connection does not
    // stop the answer, which is stored as it grows and shown when the page comes back
    consumeSseStream: ({ stream: copy }) => consumeStream({ stream: copy }),
  });
}

/** What one model call cost; providers that omit the total still report its parts. */
function tokensOf(usage: LanguageModelUsage): number {
  return usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}
