// The Voice door's function calls: POST { brand, name, arguments, callId?, conversation?, messageId? }
// from the person's browser, for a call the voice model made → the ToolEnvelope (for the model, and
// for the widget), stored in the person's conversation when one is named.
import { z } from "zod";
import { checkOrigin, errorResponse, jsonResponse, readJsonObject, requirePerson } from "@/lib/assistant/http";
import { runVoiceTool } from "@/lib/doors/voice";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";
import { invalidBody } from "@/lib/voice/http";

export const dynamic = "force-dynamic";

const body = z
  .object({
    brand: z.string().min(1).max(100),
    name: z.string().min(1).max(100),
    arguments: z.union([z.string().max(256 * 1024), z.record(z.string(), z.unknown())]),
    callId: z.string().min(1).max(200).optional(),
    conversation: z.string().min(1).max(100).optional(),
    messageId: z.string().min(1).max(100).optional(),
  })
  .strict();

export async function POST(request: Request) {
  const requestId = requestIdOf(request);
  try {
    checkOrigin(request);
    const userId = await requirePerson(request);
    const parsed = body.safeParse(await readJsonObject(request, 1024 * 1024));
    if (!parsed.success) throw invalidBody(parsed.error);
    return jsonResponse(await runVoiceTool({ userId, ...parsed.data, requestId }), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE };
