// The Voice door, turn by turn: POST { brand, audio | decided, history } (lib/voice/turn.ts).
import { answerJson } from "@/lib/assistant/http";
import { methodNotAllowed } from "@/lib/http/request";
import { voiceTurn } from "@/lib/doors/voice";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return answerJson(request, (requestId) => voiceTurn(request, requestId));
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
