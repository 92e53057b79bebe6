// Who did what an event records, in the words an integrator reads: the person always (every call
// acts for one), the OAuth app or the API key they called through, and the door.
import type { Actor } from "../contract/context";
import type { Door } from "../contract/catalogue";

export type EventActor = {
  /** what authenticated the call: a personal API key, an OAuth app, or a person's session */
  kind: "key" | "app" | "person";
  door: Door;
  person: { id: string; name: string };
  app: { id: string; name: string } | null;
  key: { id: string; name: string | null } | null;
};

export function eventActor(actor: Actor, door: Door): EventActor {
  const kind = actor.app ? "app" : actor.apiKeyId ? "key" : "person";
  return {
    kind,
    door,
    person: { id: actor.userId, name: actor.name },
    app: actor.app ? { id: actor.app.clientId, name: actor.app.name } : null,
    key: actor.apiKeyId ? { id: actor.apiKeyId, name: actor.apiKeyName ?? null } : null,
  };
}
