// The Voice door's transcript: POST { brand, conversation, role, text, messageId? } from a realtime
// session in the person's browser, stored in their conversation (lib/voice/said.ts).
import { answerJson } from "@/lib/assistant/http";
import { methodNotAllowed } from "@/lib/http/request";
import { storeSaid } from "@/lib/voice/said";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return answerJson(request, () => storeSaid(request));
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
