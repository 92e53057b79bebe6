// GET /api/waiting: the writes the signed-in person's keys and apps parked for their Confirm, still
// waiting, newest first ({ count, items: [{ id, capabilityId, capabilityTitle, brand: { shortId,
// name }, summary, askedBy, input, createdAt, expiresAt }] }). Their own only; each is decided with
// POST /api/confirm/<id>. The "Waiting for you" page reads it again when it comes back into view.
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";
import { waitingFor } from "@/lib/pending/waiting";

export const dynamic = "force-dynamic";

export const GET = personRoute({ origin: false }, ({ userId }) => waitingFor(userId));

const getOnly = methodNotAllowed("GET");
export { getOnly as POST, getOnly as PUT, getOnly as PATCH, getOnly as DELETE };
