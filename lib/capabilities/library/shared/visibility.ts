// Which files a caller sees (docs/design.md, the library and uploads): agents and integrations
// (API, MCP) only approved ones; people in the assistant by role: a viewer approved, a member also
// proposed, an admin all.
import type { Door } from "../../../contract/catalogue";
import type { Role } from "../../../contract/roles";
import type { ASSET_STATUSES } from "./records";

type Status = (typeof ASSET_STATUSES)[number];

export function visibleStatuses(door: Door, role: Role | null): readonly Status[] {
  if (door === "api" || door === "mcp") return ["approved"];
  switch (
    role ??
    "admin" // staff (role null) act as admins
  ) {
    case "admin":
      return ["approved", "proposed", "archived"];
    case "member":
      return ["approved", "proposed"];
    default:
      return ["approved"];
  }
}
