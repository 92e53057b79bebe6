// The Assistant door's chat (AI SDK 7 UI message stream): body { id, messages, brand }.
import { chat } from "@/lib/doors/assistant";
import { errorResponse } from "@/lib/assistant/http";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const requestId = requestIdOf(request);
  try {
    return await chat(request, requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
