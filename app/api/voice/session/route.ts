// The Voice door's start: POST { brand } → how this browser talks to the voice model (lib/voice/session.ts).
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";
import { sessionBody, startVoiceSession } from "@/lib/voice/session";

export const dynamic = "force-dynamic";

export const POST = personRoute(
  { origin: "browser", body: { limit: 4096, schema: sessionBody } },
  ({ userId, input, requestId }) => startVoiceSession(userId, input, requestId),
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
