// The event catalogue, generated from the registry: every type a write capability declares
// (lib/contract/define.ts, `events`), with its meaning, the capability that produces it and the
// schema of its data. The OpenAPI document's `webhooks` and the guides are read from here.
import type { z } from "zod";
import { capabilities } from "../capabilities/registry";
import type { EventType } from "../contract/define";

export type CatalogueEntry = EventType & { type: string; capabilityId: string };

function build(): readonly CatalogueEntry[] {
  const entries = new Map<string, CatalogueEntry>();
  for (const capability of capabilities) {
    for (const [type, declared] of Object.entries(capability.events?.types ?? {})) {
      // one type, one meaning: two capabilities producing one type would blur what a subscriber gets
      const twin = entries.get(type);
      if (twin) throw new Error(`event type ${type} is declared by both ${twin.capabilityId} and ${capability.id}`);
      entries.set(type, { type, capabilityId: capability.id, ...declared });
    }
  }
  return [...entries.values()].sort((a, b) => a.type.localeCompare(b.type));
}

export const eventCatalogue: readonly CatalogueEntry[] = build();

export const EVENT_TYPES: readonly string[] = eventCatalogue.map((entry) => entry.type);

export const isEventType = (type: string): boolean => EVENT_TYPES.includes(type);

/** The data schema of one type, for whoever checks a payload (tests, the webhooks' test event). */
export function eventDataSchema(type: string): z.ZodType<Record<string, unknown>> | undefined {
  return eventCatalogue.find((entry) => entry.type === type)?.data;
}
