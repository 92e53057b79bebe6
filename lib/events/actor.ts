// Who did what an event records, in the words an integrator reads: the person always (every call
// acts for one), the OAuth app or the API key they called through, and the door.
import type { z } from "zod";
import type { Actor } from "../contract/context";
import type { Door } from "../contract/catalogue";
import type { eventActor } from "../capabilities/events/shared/records";

export type EventActor = z.output<typeof eventActor>;

export function eventActorOf(actor: Actor, door: Door): EventActor {
  const kind = actor.app ? "app" : actor.apiKeyId ? "key" : "person";
  return {
    kind,
    door,
    person: { id: actor.userId, name: actor.name },
    app: actor.app ? { id: actor.app.clientId, name: actor.app.name } : null,
    key: actor.apiKeyId ? { id: actor.apiKeyId, name: actor.apiKeyName ?? null } : null,
  };
}
