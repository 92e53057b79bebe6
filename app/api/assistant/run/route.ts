// A slash command: the person runs one capability directly (no model, no AI budget). The answer is
// the same ToolEnvelope the model's tools give, so the same widgets render it.
import { z } from "zod";
import { runForPerson } from "@/lib/doors/assistant";
import { checkOrigin, errorResponse, jsonResponse, readJsonObject, requirePerson } from "@/lib/assistant/http";
import { invalidInput } from "@/lib/core/errors";
import { describe } from "@/lib/core/input";
import { methodNotAllowed, requestIdOf } from "@/lib/doors/http";

export const dynamic = "force-dynamic";

const body = z.object({
  capabilityId: z.string().min(1).max(100),
  brand: z.string().min(1).max(100).optional(),
  input: z.record(z.string(), z.unknown()).default({}),
});

export async function POST(request: Request) {
  const requestId = requestIdOf(request);
  try {
    checkOrigin(request);
    const userId = await requirePerson(request);
    const parsed = body.safeParse(await readJsonObject(request, 1024 * 1024));
    if (!parsed.success) {
      const first = describe(parsed.error.issues[0]!)[0]!;
      throw invalidInput(first.field, first.message);
    }
    const { capabilityId, brand, input } = parsed.data;
    return jsonResponse(await runForPerson({ userId, capabilityId, brand, input, requestId }), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
