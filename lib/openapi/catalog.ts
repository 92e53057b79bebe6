// The catalogue: every capability of the registry with its catalogue facts, served or not.
import { z } from "zod";
import { capabilities } from "../capabilities/registry";
import { DOORS, SCOPES, WIDGETS } from "../contract/catalogue";
import { ROLES } from "../contract/roles";
import { isServed } from "../core/rollout";

export const catalogSchema = z
  .object({
    capabilities: z.array(
      z
        .object({
          id: z.string().describe("Capability id, also the API path /api/v1/<id>"),
          title: z.string(),
          kind: z.enum(["read", "write"]),
          scope: z.enum(SCOPES).nullable().describe("Key scope it needs; null for brands.list"),
          extraScopes: z
            .object({
              scopes: z.array(z.enum(SCOPES)).describe("Every scope such a call can need"),
              when: z.string().describe("Which calls need them, in words"),
            })
            .strict()
            .nullable()
            .describe("Scopes some of its calls need beyond scope (a file to check, the write to undo); null for none"),
          minRole: z.enum(ROLES).describe("Minimum brand role"),
          confirmation: z.boolean().describe("Writes that need a confirmation token"),
          status: z
            .enum(["available", "planned"])
            .describe("The specification's rollout phase (Available or Planned), not whether it is built: see served"),
          doors: z.array(z.enum(DOORS)).describe("Doors it is listed for"),
          widget: z.enum(WIDGETS).nullable(),
          served: z
            .boolean()
            .describe("Served now on at least one of its doors (implemented and allowed by CAPABILITY_ROLLOUT)"),
          servedOnApi: z
            .boolean()
            .describe("Callable on this server's API door now (implemented and allowed by CAPABILITY_ROLLOUT)"),
        })
        .strict(),
    ),
  })
  .strict();

export type Catalog = z.output<typeof catalogSchema>;

export function catalog(): Catalog {
  return {
    capabilities: capabilities.map((capability) => ({
      id: capability.id,
      title: capability.title,
      kind: capability.kind,
      scope: capability.scope,
      extraScopes: capability.extraScopes
        ? { scopes: [...capability.extraScopes.among], when: capability.extraScopes.when }
        : null,
      minRole: capability.minRole,
      confirmation: capability.confirmation,
      status: capability.phase,
      doors: [...capability.doors],
      widget: capability.widget,
      served: capability.doors.some((door) => isServed(capability, door)),
      servedOnApi: isServed(capability, "api"),
    })),
  };
}
