// "Last used" of keys and app grants (shown in Security and access): written at most once a minute
// per credential, so a busy key does not turn every read into a write.
import { asDate } from "../db/sql";

const GRANULARITY_MS = 60_000;

/** Whether a credential last used at `lastUsedAt` (a stored date in either database's form) should be stamped now. */
export function lastUseDue(lastUsedAt: unknown, now: Date): boolean {
  const last = asDate(lastUsedAt);
  return !last || now.getTime() - last.getTime() > GRANULARITY_MS;
}
