// The end of a realtime voice session: POST { session } from the page (Stop voice, leaving the
// page); what it did not report is released (lib/voice/usage.ts, lib/voice/reservation.ts).
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";
import { endBody, endVoiceSession } from "@/lib/voice/usage";

export const dynamic = "force-dynamic";

export const POST = personRoute({ origin: "browser", body: { limit: 4096, schema: endBody } }, ({ userId, input }) =>
  endVoiceSession(userId, input),
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
