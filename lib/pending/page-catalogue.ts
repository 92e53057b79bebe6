// The catalogue facts the widgets read on the pages where a person decides a parked call (the
// confirm page, "Waiting for you"): the call's capability, and those its result widget reads again
// (kit.read after a colour was added). Parked calls come from the API and MCP doors.
import { capabilities } from "../capabilities/registry";
import { mcpToolName } from "../contract/catalogue";
import { isServed } from "../core/rollout";

export function pageCatalogue() {
  return capabilities
    .filter((capability) => isServed(capability, "mcp") || isServed(capability, "api"))
    .map(({ id, title, widget, confirmation, kind, shownOnce }) => ({
      id,
      title,
      widget: widget ?? null,
      confirmation,
      toolName: mcpToolName(id),
      read: kind === "read",
      ...(shownOnce ? { shownOnce } : {}),
    }));
}
