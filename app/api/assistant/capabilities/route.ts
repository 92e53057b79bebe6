// GET /api/assistant/capabilities?brand=S: what the signed-in person may call in this brand through
// the Assistant door, with each input as JSON Schema, for the slash palette's forms. The same
// access rules as the pipeline (lib/core/access.ts); nothing is decided here.
import { z } from "zod";
import { personRoute } from "@/lib/auth/person-route";
import type { Capability } from "@/lib/contract/define";
import { findCapability } from "@/lib/capabilities/registry";
import { authenticate } from "@/lib/core/auth";
import { callableCapabilities, resolveBrandAccess } from "@/lib/core/access";
import { invalidInput } from "@/lib/contract/errors";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = personRoute({ origin: false }, async ({ userId, request }) => {
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
  return { items };
});

/** The capability's own input (brand and confirmationToken are the envelope, never part of it). */
function inputSchema(capability: Capability): Record<string, unknown> {
  const { $schema: _, ...schema } = z.toJSONSchema(capability.input, { io: "input", unrepresentable: "any" }) as Record<
    string,
    unknown
  >;
  return schema;
}

const getOnly = methodNotAllowed("GET");
export { getOnly as POST, getOnly as PUT, getOnly as PATCH, getOnly as DELETE };
