// A slash command: the person runs one capability directly (no model, no AI budget). The answer is
// the same ToolEnvelope the model's tools give, so the same widgets render it.
import { z } from "zod";
import { runForPerson } from "@/lib/doors/assistant";
import { recordSlashRun, slashConversation } from "@/lib/conversations/slash";
import { CONVERSATION_ID, checkConversationId } from "@/lib/conversations/store";
import { WIDGETS } from "@/lib/contract/catalogue";
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

const slashRun = z.object({
  capabilityId: z.string().min(1).max(100),
  brand: z.string().min(1).max(100).optional(),
  input: z.record(z.string(), z.unknown()).default({}),
  // the stored conversation it is typed in (lib/conversations), and the id its message takes there
  conversationId: z.string().min(1).max(200).optional(),
  messageId: z.string().min(1).max(100).optional(),
  // an action started inside a card: the card's tool call id, and the widget the step opens
  from: z.string().regex(CONVERSATION_ID).optional(),
  widget: z.enum(WIDGETS).optional(),
});

export const POST = personRoute(
  { origin: "browser", body: { limit: 1024 * 1024, schema: slashRun } },
  async ({ userId, input: run, requestId }) => {
    const { capabilityId, brand, input, messageId, from, widget } = run;
    const now = new Date();
    const conversation =
      run.conversationId && brand
        ? await slashConversation(
            userId,
            brand,
            checkConversationId(run.conversationId, "conversationId"),
            capabilityId,
          )
        : null;
    const envelope = await runForPerson({
      userId,
      capabilityId,
      brand,
      input,
      requestId,
      conversationId: conversation?.id,
    });
    // a refused run stays in the person's form to be fixed; only what the conversation showed is
    // kept, and a conversation is made only for it (the route fuzzer found empty ones left behind)
    if (conversation && envelope.status !== "error")
      await recordSlashRun(userId, conversation, messageId, capabilityId, input, envelope, now, { from, widget });
    return envelope;
  },
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
