// The person's Confirm or Cancel on the confirm page an MCP client sent them to (URL-mode
// elicitation, lib/mcp/confirm-page.ts): their own call only, signed in; anyone else gets 404, the
// same as an unknown id. The MCP call that asked runs the write; the answer is its outcome.
import { z } from "zod";
import { checkOrigin, errorResponse, jsonResponse, readJsonObject, requirePerson } from "@/lib/assistant/http";
import { AppError, invalidInput } from "@/lib/contract/errors";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";
import { decideOnPage } from "@/lib/mcp/page-decision";

export const dynamic = "force-dynamic";

const body = z.object({ decision: z.enum(["confirm", "cancel"]) });

export async function POST(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const requestId = requestIdOf(request);
  try {
    checkOrigin(request);
    const userId = await requirePerson(request);
    const parsed = body.safeParse(await readJsonObject(request, 4096));
    if (!parsed.success) throw invalidInput("decision", "must be one of: confirm, cancel");
    const { id } = await params;
    const outcome = await decideOnPage(userId, id, parsed.data.decision, requestId);
    if (!outcome)
      throw new AppError("not_found", "id: no call waiting for your confirmation with this id", { field: "id" });
    return jsonResponse(outcome, requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
