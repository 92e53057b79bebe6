// What a capability is given when it runs: who calls (the actor), and the context the pipeline
// builds for it. Capabilities reach the database, the files and the providers only through it.
import type { Tx } from "../db/client";
import type { SqlRead } from "../db/sql";
import type { ConnectionsPort } from "../connections/port";
import type { Storage } from "../storage/types";
import type { Door, Scope } from "./catalogue";
import type { Role } from "./roles";

/** Who is calling: a person, through a personal key (API, MCP) or a session (Assistant, Voice). */
export type Actor = {
  userId: string;
  name: string;
  staff: boolean;
  apiKeyId: string | null;
  /** the key's name, as its owner gave it (events name the key: lib/events/actor.ts) */
  apiKeyName?: string;
  /** null for sessions: there only the role applies (docs/design.md, keys and roles) */
  scopes: readonly Scope[] | null;
  /** null when the key is not limited to some brands */
  brandIds: readonly string[] | null;
  /** the OAuth client acting for the person through the MCP door (lib/core/app-tokens.ts) */
  app?: { clientId: string; name: string; grantId: string };
  /**
   * Who confirms this credential's writes (docs/design.md, confirmation): `caller`, the caller
   * repeats the call with the token; `person`, the write waits for the credential's owner and the
   * token never leaves the server. Absent for sessions: the person is at the screen.
   */
  confirmBy?: ConfirmBy;
};

export type ConfirmBy = "caller" | "person";

/**
 * The identity a confirmation token, an idempotency key, a rate limit and a parked call are bound
 * to: the app's grant, the key, or the person (sessions).
 */
export function callerKey(actor: Actor): string {
  if (actor.app) return `app:${actor.app.grantId}`;
  return actor.apiKeyId ? `key:${actor.apiKeyId}` : `user:${actor.userId}`;
}

export type BrandInfo = {
  id: string;
  shortId: string;
  name: string;
  plan: string | null;
  status: string;
  managerId: string | null;
};

/** A capability's facts an undo needs: its title, its scope, and why it cannot be undone (if it cannot). */
export type CapabilityFacts = { title: string; scope: Scope | null; undoable: boolean; notUndoable?: string };

/** The assistant's model asked one question within the brand's budget (lib/model/judge.ts), or why it was not. */
export type JudgePort = {
  ask(request: {
    brand: Pick<BrandInfo, "id" | "plan">;
    userId: string;
    system: string;
    prompt: string;
    now: Date;
  }): Promise<{ text: string; model: string } | { refused: "no_model" | "no_budget" | "person_share" | "failed" }>;
};

export type BaseContext = {
  actor: Actor;
  /** the transaction the call runs in; capabilities reach the database only through it */
  db: Tx;
  /**
   * Raw reads of committed data, for hot read capabilities (see lib/db/sql.ts). Writes must not
   * use it (it reads outside their transaction): there it throws.
   */
  sql: SqlRead;
  /** the file bytes (local disk or S3): signed URLs, sizes, first bytes; never a caller's path */
  storage: Storage;
  now: Date;
  door: Door;
  /** the assistant's model made this call (a tool call), not the person's own command or click: what it proposes is the assistant's */
  byModel: boolean;
  requestId: string;
  /** effects outside the database (provider calls, storage) run only once the write committed */
  afterCommit(effect: () => Promise<void>): void;
  /** the OAuth provider catalog and the calls to providers (lib/connections) */
  connections: ConnectionsPort;
  /** the assistant's model, for capabilities that ask it to judge (brand.check) */
  judge: JudgePort;
};

export type BrandContext = BaseContext & {
  brand: BrandInfo;
  /** the caller's role in the brand; null for staff */
  role: Role | null;
  /** capability ids this caller may call in this brand through this door */
  callableCapabilities(): string[];
  /** the registry's title of a capability id (the activity trail names what was done), if it is one */
  capabilityTitle(id: string): string | undefined;
  /** what the registry says of a capability id, for undoing one of its writes (activity.undo) */
  capabilityFacts(id: string): CapabilityFacts | undefined;
  /** a write's own activity entry id, known before it runs (activity.undo answers with it) */
  activityId?: string;
  /** the event catalogue's types (lib/events/catalogue.ts, which a capability cannot import: it is read from the registry) */
  eventTypes(): readonly string[];
  /**
   * Records one more event of this write, in its transaction and by its actor: a consequence its own
   * event does not say (an inviter's waiting invitations revoked with their right to invite). Any
   * type of the catalogue, with data within that type's schema. In execute only: elsewhere it throws.
   */
  recordFurtherEvent(event: { type: string; data: Record<string, unknown> }): Promise<void>;
};
