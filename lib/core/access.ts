// Step 6 of the pipeline: may this caller act in this brand with this capability? Read live on
// every call, so a removed membership, a narrowed key or a closed brand counts at once.
import { sql } from "../db/client";
import { asDate } from "../db/sql";
import type { Door } from "../contract/catalogue";
import type { Actor, BrandInfo } from "../contract/context";
import type { Capability } from "../contract/define";
import { capabilities } from "../capabilities/registry";
import { AppError } from "../contract/errors";
import { isRole, roleMeets, type Role } from "../contract/roles";
import { isServed } from "./rollout";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

// The same answer for an unknown brand, a brand outside the key's list and a brand the person
// is not a member of: no existence oracle across brands (docs/design.md, errors).
const noAccess = () => new AppError("forbidden", "You have no access to this brand", { field: "brand" });

export type BrandAccess = { brand: BrandInfo; role: Role | null };

export async function resolveBrandAccess(actor: Actor, brandRef: string, now = new Date()): Promise<BrandAccess> {
  // a reference holding NUL names no brand (none can store it), and PostgreSQL refuses to compare it
  if (brandRef.includes("\u0000")) throw noAccess();
  // a subquery, not a LEFT JOIN: a join costs SQLite ~13 µs more per run here (lib/db/sql.ts)
  const [row] = await sql()<BrandInfo & { role: string | null; accessUntil: unknown }>(
    `SELECT b."id", b."shortId", b."name", b."plan", b."status", b."managerId",
       (SELECT m."role" FROM "Membership" m WHERE m."brandId" = b."id" AND m."userId" = ?) AS "role",
       (SELECT m."accessUntil" FROM "Membership" m WHERE m."brandId" = b."id" AND m."userId" = ?) AS "accessUntil"
     FROM "Brand" b WHERE ${UUID.test(brandRef) ? `b."id"` : `b."shortIdKey"`} = ?`,
    [actor.userId, actor.userId, brandRef.toLowerCase()],
  );
  if (!row || (actor.brandIds && !actor.brandIds.includes(row.id))) throw noAccess();
  const { role, accessUntil, ...brand } = row;
  if (actor.staff) return { brand, role: null }; // staff act as admins; their role shows as null
  if (!role || !isRole(role) || accessEnded(asDate(accessUntil), now)) throw noAccess();
  return { brand, role };
}

/** A time-boxed membership is no access from its accessUntil on, on every door. */
export const accessEnded = (accessUntil: Date | null, now: Date): boolean =>
  accessUntil !== null && accessUntil.getTime() <= now.getTime();

/** Staff have an admin's permissions in every brand (docs/design.md, keys and roles). */
function effectiveRole(actor: Actor, role: Role | null): Role {
  return actor.staff ? "admin" : (role ?? "viewer");
}

/** An admin of the brand, as a member or as staff (shown, e.g., what a model provider said when it refused). */
export function actsAsAdmin(actor: Actor, role: Role | null): boolean {
  return effectiveRole(actor, role) === "admin";
}

export function requireRole(actor: Actor, access: BrandAccess, capability: Capability): void {
  const role = effectiveRole(actor, access.role);
  if (!roleMeets(role, capability.minRole)) {
    throw new AppError(
      "forbidden",
      `${capability.id} needs the ${capability.minRole} role in this brand; you are ${role}`,
    );
  }
}

export function hasScope(actor: Actor, capability: Capability): boolean {
  return capability.scope === null || actor.scopes === null || actor.scopes.includes(capability.scope);
}

/**
 * What brand.overview lists: ids this caller may call in this brand through this door. `list` is
 * the registry; the Assistant's tool-set tests pass a synthetic one.
 */
export function callableCapabilities(
  actor: Actor,
  role: Role | null,
  door: Door,
  list: readonly Capability[] = capabilities,
): string[] {
  const effective = effectiveRole(actor, role);
  return list
    .filter(
      (capability) =>
        isServed(capability, door) && hasScope(actor, capability) && roleMeets(effective, capability.minRole),
    )
    .map((capability) => capability.id);
}
