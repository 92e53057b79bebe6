export const ROLES = ["viewer", "member", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** viewer < member < admin; a minimum role is met by that role or higher (docs/design.md, keys and roles). */
export function roleMeets(role: Role, minimum: Role): boolean {
  return ROLES.indexOf(role) >= ROLES.indexOf(minimum);
}

export function isRole(value: string): value is Role {
  return (ROLES as readonly string[]).includes(value);
}
