// What activity.undo and activity.list need to know of the capability that made an entry, read
// from its declaration (lib/contract/define.ts `undo`): a capability reaches the registry only so.
import type { CapabilityFacts } from "../contract/context";
import type { Capability } from "../contract/define";

const UNDECLARED = "This kind of change does not say how to take it back yet.";

export function capabilityFacts(capability: Capability | undefined): CapabilityFacts | undefined {
  if (!capability) return undefined;
  const { title, scope, undo } = capability;
  if (undo && "records" in undo) return { title, scope, undoable: true };
  return { title, scope, undoable: false, notUndoable: undo?.not ?? UNDECLARED };
}
