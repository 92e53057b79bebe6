// A write's further events: a consequence its own event does not say (an inviter's waiting
// invitations revoked with their right to invite), recorded in the write's transaction by its
// actor, checked like its own event: a type of the catalogue, data within that type's schema.
import type { Tx } from "../db/client";
import type { EventActor } from "./actor";
import { eventDataSchema } from "./catalogue";
import { recordEvent } from "./record";

export async function recordFurtherEvent(
  tx: Tx,
  event: { brandId: string; actor: EventActor; type: string; data: Record<string, unknown>; at: Date },
): Promise<void> {
  const schema = eventDataSchema(event.type);
  if (!schema) throw new Error(`a write recorded ${event.type}, which no capability declares`);
  const checked = schema.safeParse(event.data);
  if (!checked.success)
    throw new Error(`a write recorded ${event.type} with data outside its schema: ${checked.error.message}`);
  await recordEvent(tx, { ...event, data: checked.data });
}
