// GET /api/waiting/count: how many writes wait for the signed-in person's Confirm ({ count }), for
// the header's badge on every page: one indexed count, nothing else.
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";
import { waitingCount } from "@/lib/pending/waiting";

export const dynamic = "force-dynamic";

export const GET = personRoute({ origin: false }, async ({ userId }) => ({ count: await waitingCount(userId) }));

const getOnly = methodNotAllowed("GET");
export { getOnly as POST, getOnly as PUT, getOnly as PATCH, getOnly as DELETE };
