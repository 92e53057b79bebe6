// The person's click in a confirm widget: { decision: "confirm" | "cancel" } on their own pending
// call. Anyone else gets 404, the same as an unknown id; two clicks run the write once.
import { z } from "zod";
import { decidePending } from "@/lib/doors/assistant";
import { checkOrigin, errorResponse, jsonResponse, readJsonObject, requirePerson } from "@/lib/assistant/http";
import { invalidInput } from "@/lib/contract/errors";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";

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
    return jsonResponse(await decidePending(userId, id, parsed.data.decision, requestId), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
