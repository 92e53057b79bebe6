// The Voice door's transcript: POST { brand, conversation, role, text, messageId? } from a realtime
// session in the person's browser, stored in their conversation (lib/voice/said.ts).
import { errorResponse, jsonResponse } from "@/lib/assistant/http";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";
import { storeSaid } from "@/lib/voice/said";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const requestId = requestIdOf(request);
  try {
    return jsonResponse(await storeSaid(request), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
