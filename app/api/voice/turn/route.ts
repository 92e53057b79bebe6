// The Voice door, turn by turn: POST { brand, audio | decided, history } (lib/voice/turn.ts).
import { errorResponse, jsonResponse } from "@/lib/assistant/http";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";
import { voiceTurn } from "@/lib/doors/voice";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const requestId = requestIdOf(request);
  try {
    return jsonResponse(await voiceTurn(request, requestId), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
