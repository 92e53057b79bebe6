// The person's click in a confirm widget: { decision: "confirm" | "cancel" } on their own pending
// call. Anyone else gets 404, the same as an unknown id; two clicks run the write once.
import { z } from "zod";
import { decidePending } from "@/lib/doors/assistant";
import { personRoute } from "@/lib/auth/person-route";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

const decision = z.object({ decision: z.enum(["confirm", "cancel"]) });

// a decision runs a write: only this service's own pages may send it, with their Origin ("page")
export const POST = personRoute(
  { origin: "page", body: { limit: 4096, schema: decision } },
  ({ userId, input, requestId, params }) => decidePending(userId, params.id!, input.decision, requestId),
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
