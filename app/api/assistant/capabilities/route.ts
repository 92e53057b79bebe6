// GET /api/assistant/capabilities?brand=S: what the signed-in person may call in this brand through
// the Assistant door, with each input as JSON Schema, for the slash palette's forms. The same
// access rules as the pipeline (lib/core/access.ts); nothing is decided here.
import { z } from "zod";
import { sessionUserId } from "@/lib/auth/session";
import type { Capability } from "@/lib/capabilities/define";
import { findCapability } from "@/lib/capabilities/registry";
import { authenticate } from "@/lib/core/auth";
import { callableCapabilities, resolveBrandAccess } from "@/lib/core/access";
import { AppError, invalidInput } from "@/lib/core/errors";
import { methodNotAllowed, requestIdOf } from "@/lib/doors/http";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const requestId = requestIdOf(request);
  const headers = { "X-Request-Id": requestId, "Cache-Control": "no-store" };
  try {
    const userId = await sessionUserId(request.headers);
    if (!userId) throw new AppError("unauthenticated", "Sign in to use the assistant");
    const actor = await authenticate({ kind: "session", userId }, new Date());
    const brand = new URL(request.url).searchParams.get("brand")?.trim();
    if (!brand) throw invalidInput("brand", "is required: the brand's short id or UUID");
    const access = await resolveBrandAccess(actor, brand);
    const items = callableCapabilities(actor, access.role, "assistant")
      .map((id) => findCapability(id)!)
      .map((capability) => ({
        id: capability.id,
        title: capability.title,
        description: capability.description,
        widget: capability.widget,
        confirmation: capability.confirmation,
        kind: capability.kind,
        inputSchema: inputSchema(capability),
      }));
    return Response.json({ items }, { headers });
  } catch (thrown) {
    const error = thrown instanceof AppError ? thrown : new AppError("internal", "Unexpected error");
    if (!(thrown instanceof AppError)) console.error(thrown);
    return Response.json(error.toBody(requestId), { status: error.status, headers });
  }
}

/** The capability's own input (brand and confirmationToken are the envelope, never part of it). */
function inputSchema(capability: Capability): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(capability.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>;
  return schema;
}

const getOnly = methodNotAllowed("GET");
export { getOnly as POST, getOnly as PUT, getOnly as PATCH, getOnly as DELETE };
