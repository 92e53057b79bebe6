// Who may hold how many MCP sessions on this instance (2025-protocol clients; http.ts). The
// instance holds at most MAX_SESSIONS; each credential (a key, an app's grant) at most PER_KEY and
// each person at most PER_PERSON. A caller at its own cap gives up its own oldest session, never
// anybody else's; an instance at its cap refuses the new session (503) rather than evict another
// tenant's. With the per-person cap, filling an instance takes MAX_SESSIONS / PER_PERSON people.
export const MAX_SESSIONS = 1000;
export const SESSIONS_PER_KEY = 16;
export const SESSIONS_PER_PERSON = 32;

export type SessionOwner = { key: string; person: string };

/**
 * The sessions to close so that `owner` may open one more (its own oldest first), or "full" when
 * the instance has no room even then. `owners` is in opening order (a Map keeps insertion order).
 */
export function makeRoom(owners: ReadonlyMap<string, SessionOwner>, owner: SessionOwner): string[] | "full" {
  const ofKey = [...owners].filter(([, held]) => held.key === owner.key).map(([id]) => id);
  const ofPerson = [...owners].filter(([, held]) => held.person === owner.person).map(([id]) => id);
  const evict = new Set(ofKey.slice(0, Math.max(0, ofKey.length - SESSIONS_PER_KEY + 1)));
  const personLeft = ofPerson.filter((id) => !evict.has(id));
  for (const id of personLeft.slice(0, Math.max(0, personLeft.length - SESSIONS_PER_PERSON + 1))) evict.add(id);
  if (owners.size - evict.size >= MAX_SESSIONS) return "full";
  return [...evict];
}
