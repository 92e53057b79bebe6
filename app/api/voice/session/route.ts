// The Voice door's start: POST { brand } → how this browser talks to the voice model (lib/voice/session.ts).
import { errorResponse, jsonResponse } from "@/lib/assistant/http";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";
import { startVoiceSession } from "@/lib/voice/session";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const requestId = requestIdOf(request);
  try {
    return jsonResponse(await startVoiceSession(request, requestId), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
