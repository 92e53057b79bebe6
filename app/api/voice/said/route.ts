// The Voice door's transcript: POST { brand, conversation, role, text, messageId? } from a realtime
// session in the person's browser, stored in their conversation (lib/voice/said.ts).
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";
import { saidBody, storeSaid } from "@/lib/voice/said";

export const dynamic = "force-dynamic";

export const POST = personRoute(
  { origin: "browser", body: { limit: 64 * 1024, schema: saidBody } },
  ({ userId, input }) => storeSaid(userId, input),
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
