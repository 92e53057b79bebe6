// Which capabilities a door serves (docs/design.md, rollout): implemented, listed for the door, and
// allowed by CAPABILITY_ROLLOUT. `available` mirrors the spec's pilot: Available ones, Assistant
// and MCP only.
import type { Door } from "../contract/catalogue";
import type { Capability } from "../contract/define";
import { config } from "../config";

const PILOT_DOORS: readonly Door[] = ["assistant", "mcp"];

export function isServed(capability: Capability, door: Door): boolean {
  if (!capability.execute || !capability.doors.includes(door)) return false;
  if (config().CAPABILITY_ROLLOUT === "all") return true;
  return capability.phase === "available" && PILOT_DOORS.includes(door);
}
