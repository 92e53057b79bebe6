// The person's Confirm or Cancel on the confirm page an MCP client sent them to (URL-mode
// elicitation, lib/mcp/confirm-page.ts): their own call only, signed in; anyone else gets 404, the
// same as an unknown id. The MCP call that asked runs the write; the answer is its outcome.
import { z } from "zod";
import { personRoute } from "@/lib/auth/person-route";
import { AppError } from "@/lib/contract/errors";
import { methodNotAllowed } from "@/lib/http/request";
import { decideOnPage } from "@/lib/mcp/page-decision";

export const dynamic = "force-dynamic";

const decision = z.object({ decision: z.enum(["confirm", "cancel"]) });

// a decision runs a write: only this service's own page may send it, with its Origin ("page")
export const POST = personRoute(
  { origin: "page", body: { limit: 4096, schema: decision } },
  async ({ userId, input, requestId, params }) => {
    const outcome = await decideOnPage(userId, params.id!, input.decision, requestId);
    if (!outcome)
      throw new AppError("not_found", "id: no call waiting for your confirmation with this id", { field: "id" });
    return outcome;
  },
);

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
