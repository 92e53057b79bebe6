// POST /api/chat: the Assistant door's model loop (AI SDK 7 UI message stream). The model's tools
// are the person's callable capabilities in the selected brand; each call is one pipeline run
// through lib/doors/assistant.ts. Tokens used are metered against the brand's monthly budget.
import "server-only";
import { convertToModelMessages, createUIMessageStreamResponse, isStepCount, safeValidateUIMessages, streamText, toUIMessageStream } from "ai";
import { z } from "zod";
import { capabilities } from "../capabilities/registry";
import { resolveBrandAccess } from "../core/access";
import { authenticate } from "../core/auth";
import { AppError, invalidInput } from "../core/errors";
import { describe } from "../core/input";
import { runForPerson } from "../doors/assistant";
import { budgetMessage, budgetOf, meteredSteps } from "./budget";
import { withStoredTruth } from "./history";
import { checkOrigin, readJsonObject, requirePerson } from "./http";
import { assistantModel } from "./model";
import { config } from "../config";
import { systemPrompt } from "./system-prompt";
import { buildTools } from "./tools";
import type { LanguageModel, LanguageModelUsage, ModelMessage, ToolSet, UIMessage } from "ai";

const CHAT_BODY_LIMIT = 4 * 1024 * 1024;
/** model calls per request: enough for overview → soul → a few tools → an answer */
const MAX_STEPS = 8;

const body = z.object({
  id: z.string().max(200).optional(),
  brand: z.string().min(1).max(100),
  messages: z.array(z.unknown()).min(1).max(500),
});

export const NO_MODEL_MESSAGE =
  "No language model is configured for the assistant (set OPENAI_API_KEY, or OPENAI_BASE_URL and ASSISTANT_MODEL). Slash commands still work.";

export async function handleChat(request: Request, requestId: string): Promise<Response> {
  checkOrigin(request);
  const userId = await requirePerson(request);
  const parsed = body.safeParse(await readJsonObject(request, CHAT_BODY_LIMIT));
  if (!parsed.success) {
    const first = describe(parsed.error.issues[0]!)[0]!;
    throw invalidInput(first.field, first.message);
  }
  const validated = await safeValidateUIMessages({ messages: parsed.data.messages });
  if (!validated.success) throw invalidInput("messages", validated.error.message.slice(0, 300));
  // the system prompt is the server's: a client cannot add its own instructions above the person's
  const system = validated.data.findIndex((message) => message.role === "system");
  if (system >= 0) throw invalidInput(`messages.${system}.role`, "must be user or assistant");
  const model = assistantModel();
  if (!model) throw new AppError("unavailable", NO_MODEL_MESSAGE);
  const now = new Date();
  const actor = await authenticate({ kind: "session", userId }, now);
  const { brand, role } = await resolveBrandAccess(actor, parsed.data.brand);
  // each model call reserves its tokens first (lib/assistant/budget.ts): parallel chats of one
  // brand cannot all pass a spent budget; slash commands never reach this route
  const metered = meteredSteps(brand, config().AI_RESERVE_TOKENS);
  if (!(await metered.first(now))) throw new AppError("budget_exceeded", budgetMessage(brand.name, await budgetOf(brand, now)));
  try {
    const tools = buildTools(capabilities, actor, role, "assistant", (capabilityId, input, toolCallId) =>
      runForPerson({ userId, capabilityId, brand: brand.id, input, requestId: `${requestId}.${toolCallId}`.slice(0, 128), toolCallId }),
    );
    const messages = await withStoredTruth(validated.data, userId, requestId);
    const modelMessages = await convertToModelMessages(messages, { tools, ignoreIncompleteToolCalls: true });
    return streamChat({ model, system: systemPrompt(brand, { name: actor.name, role }), messages, modelMessages, tools, metered, requestId });
  } catch (error) {
    await metered.releaseAll();
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
  requestId: string;
};

function streamChat({ model, system, messages, modelMessages, tools, metered, requestId }: ChatRun): Response {
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
    onError: (error) => {
      console.error(`[${requestId}] chat stream failed:`, error);
      return "The assistant's model could not answer just now; try again in a moment.";
    },
  });
  return createUIMessageStreamResponse({ stream, headers: { "X-Request-Id": requestId, "Cache-Control": "no-store" } });
}

/** What one model call cost; providers that omit the total still report its parts. */
function tokensOf(usage: LanguageModelUsage): number {
  return usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);
}
