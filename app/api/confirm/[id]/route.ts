// The person's Confirm or Cancel (with an optional note) on the confirm page or the "Waiting for you"
// list: of a write their key or app parked for them (lib/pending/person-decision.ts: run now), or
// of an MCP client's URL-mode ask (lib/mcp/confirm-page.ts: the MCP call that asked runs it). Their
// own call only, signed in; anyone else gets 404, the same as an unknown id. The answer is its outcome.
import { z } from "zod";
import { personRoute } from "@/lib/auth/person-route";
import { AppError } from "@/lib/contract/errors";
import { methodNotAllowed } from "@/lib/http/request";
import { decideOnPage } from "@/lib/mcp/page-decision";
import { decideForPerson } from "@/lib/pending/person-decision";

export const dynamic = "force-dynamic";

const decision = z.object({
  decision: z.enum(["confirm", "cancel"]),
  // the person's word on their decision, told to the caller (confirmations.get)
  note: z.string().trim().max(500).optional(),
});

// a decision runs a write: only this service's own page may send it, with its Origin ("page")
export const POST = personRoute(
  { origin: "page", body: { limit: 4096, schema: decision } },
  async ({ userId, input, requestId, params }) => {
    // a write waiting for its person runs now; an MCP client's URL-mode ask is run by the client
    const outcome =
      (await decideForPerson(userId, params.id!, input, requestId)) ??
      (await decideOnPage(userId, params.id!, input.decision, requestId));
    if (!outcome)
      throw new AppError("not_found", "id: no call waiting for your confirmation with this id", { field: "id" });
    return outcome;
  },
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
