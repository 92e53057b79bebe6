// The expected answer of one authorization case, as a pure function of the catalogue facts of a
// capability (served, scope, minimum role, kind, confirmation, brand-scoped) and of the caller, in
// the order of checks (docs/design.md). Nothing here names a capability: a change in the registry
// changes the matrix.
import type { Capability } from "../../lib/contract/define";
import { ERROR_STATUS, type ErrorCode } from "../../lib/contract/errors";
import type { Role } from "../../lib/contract/roles";

// the spec's role order, written here rather than imported, so a wrong order in lib/core is caught
const ORDER: readonly Role[] = ["viewer", "member", "admin"];
const meets = (role: Role, minimum: Role) => ORDER.indexOf(role) >= ORDER.indexOf(minimum);

/** viewer, member and admin are members of their own brand and of their closed brand; staff and the non-member of none. */
export const CALLERS = ["viewer", "member", "admin", "staff", "nonmember"] as const;
export type Caller = (typeof CALLERS)[number];

/** own: the caller's active brand; other: an active brand they are not a member of; closed: their closed brand. */
export const PLACES = ["own", "other", "closed"] as const;
export type Place = (typeof PLACES)[number];

export type Key = "unauthenticated" | "rate_limited" | "with_scope" | "without_scope";

export type Facts = Pick<Capability, "scope" | "minRole" | "kind" | "confirmation" | "brandScoped"> & {
  served: boolean;
};
export type Expectation = { status: number; code: ErrorCode | "ok" };

const answer = (code: ErrorCode | "ok"): Expectation => ({ status: code === "ok" ? 200 : ERROR_STATUS[code], code });

/** The role the caller acts with in that brand, or null without access (docs/design.md, keys and roles). */
function roleIn(caller: Caller, place: Place): Role | null {
  if (caller === "staff") return "admin"; // staff act as admins in every brand
  if (caller === "nonmember" || place === "other") return null;
  return caller;
}

export function expected(facts: Facts, caller: Caller, key: Key, place: Place): Expectation {
  if (key === "unauthenticated") return answer("unauthenticated"); // 1
  if (key === "rate_limited") return answer("rate_limited"); // 2
  if (!facts.served) return answer("not_found"); // 3
  if (facts.scope !== null && key === "without_scope") return answer("insufficient_scope"); // 4
  // 5: every input of the matrix is valid (fixtures.ts)
  if (!facts.brandScoped) return answer("ok");
  const role = roleIn(caller, place); // 6
  if (role === null || !meets(role, facts.minRole)) return answer("forbidden");
  if (facts.kind === "write" && place === "closed") return answer("brand_not_operational"); // 7
  // 8: no capability of the registry spends the AI budget
  if (facts.kind === "write" && facts.confirmation) return answer("confirmation_required"); // 9
  return answer("ok"); // 10: the fixture names records that exist, so execution succeeds
}
