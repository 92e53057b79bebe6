// The Voice door's metering: POST { session, responseId, usage } after each realtime response, charged
// only within the tokens reserved for that session (lib/voice/usage.ts).
import { errorResponse, jsonResponse } from "@/lib/assistant/http";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";
import { meterVoiceUsage } from "@/lib/voice/usage";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  const requestId = requestIdOf(request);
  try {
    return jsonResponse(await meterVoiceUsage(request), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
