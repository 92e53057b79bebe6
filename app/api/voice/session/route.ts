// The Voice door's start: POST { brand } → how this browser talks to the voice model (lib/voice/session.ts).
import { answerJson } from "@/lib/assistant/http";
import { methodNotAllowed } from "@/lib/http/request";
import { startVoiceSession } from "@/lib/voice/session";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return answerJson(request, (requestId) => startVoiceSession(request, requestId));
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
