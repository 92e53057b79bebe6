// The end of a realtime voice session: POST { session } from the page (Stop voice, leaving the
// page); what it did not report is released (lib/voice/usage.ts, lib/voice/reservation.ts).
import { answerJson } from "@/lib/assistant/http";
import { methodNotAllowed } from "@/lib/http/request";
import { endVoiceSession } from "@/lib/voice/usage";

export const dynamic = "force-dynamic";

export async function POST(request: Request) {
  return answerJson(request, () => endVoiceSession(request));
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
