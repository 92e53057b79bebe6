"use client";
// What the person may do in the brand on screen: their role there and each
// capability's minRole (from the catalogue the server sends the page). A card, menu, palette or
// form offers only what passes `canRun`, so nothing is offered that is then refused. Where the role
// is not known (staff act as admins, an MCP host), everything is offered and the server decides.
import { createContext, useCallback, useContext, type ReactNode } from "react";
import { roleMeets, type Role } from "@/lib/contract/roles";
import { useCatalogue } from "./catalogue";

// undefined: the page has not learnt the role yet, and offers nothing that hangs on it until it has
const RoleContext = createContext<Role | null | undefined>(null);

export function RoleProvider({ role, children }: { role: Role | null | undefined; children: ReactNode }) {
  return <RoleContext.Provider value={role}>{children}</RoleContext.Provider>;
}

/** The person's role in the brand on screen; null when not known (staff, a host); undefined until the page has it. */
export const useRole = () => useContext(RoleContext);

/** Whether this role meets this minimum; an unknown role meets every one (the server decides). */
export function roleAllows(role: Role | null | undefined, minRole: Role | null | undefined): boolean {
  return !role || !minRole || roleMeets(role, minRole);
}

/** `canRun(capabilityId)`: whether the person's role in this brand allows the capability. */
export function useCanRun(): (capabilityId: string) => boolean {
  const role = useRole();
  const catalogue = useCatalogue();
  return useCallback(
    (id: string) => role !== undefined && roleAllows(role, catalogue.get(id)?.minRole),
    [role, catalogue],
  );
}
