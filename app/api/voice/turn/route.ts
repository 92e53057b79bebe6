// The Voice door, turn by turn: POST { brand, audio | decided, history } (lib/voice/turn.ts).
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";
import { voiceTurn } from "@/lib/doors/voice";
import { TURN_BODY_LIMIT, turnBody } from "@/lib/voice/turn";

export const dynamic = "force-dynamic";

export const POST = personRoute(
  { origin: "browser", body: { limit: TURN_BODY_LIMIT, schema: turnBody } },
  ({ userId, input, requestId }) => voiceTurn(userId, input, requestId),
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
