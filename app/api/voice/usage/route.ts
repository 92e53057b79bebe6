// The Voice door's metering: POST { session, responseId, usage } after each realtime response, charged
// only within the tokens reserved for that session (lib/voice/usage.ts).
import { answerJson } from "@/lib/assistant/http";
import { methodNotAllowed } from "@/lib/http/request";
import { meterVoiceUsage } from "@/lib/voice/usage";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return answerJson(request, () => meterVoiceUsage(request));
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
