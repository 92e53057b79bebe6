// The Voice door's metering: POST { session, responseId, usage } after each realtime response, charged
// only within the tokens reserved for that session (lib/voice/usage.ts).
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";
import { meterVoiceUsage, takesUsageReports, usageBody } from "@/lib/voice/usage";

export const dynamic = "force-dynamic";

export const POST = personRoute(
  { origin: "browser", before: takesUsageReports, body: { limit: 64 * 1024, schema: usageBody } },
  ({ userId, input }) => meterVoiceUsage(userId, input),
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
