// The Assistant door's chat (AI SDK 7 UI message stream): body { id, messages, brand }.
import { chat } from "@/lib/doors/assistant";
import { CHAT_BODY_LIMIT, chatBody } from "@/lib/assistant/chat";
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

// the answer is a stream (a Response): the wrapper hands it on as it is
export const POST = personRoute(
  { origin: "browser", body: { limit: CHAT_BODY_LIMIT, schema: chatBody } },
  ({ userId, input, requestId }) => chat(userId, input, requestId),
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
