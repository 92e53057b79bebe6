// defineCapability(): a capability is one object of data plus two pure functions. Everything a
// door, the pipeline or a catalogue needs to know about it is a field here, never an `if` elsewhere.
import type { z } from "zod";
import type { Tx } from "../db/client";
import type { SqlRead } from "../db/sql";
import type { Role } from "./roles";
import type { ConnectionsPort } from "../connections/port";
import type { Storage } from "../storage/types";

export const DOORS = ["assistant", "voice", "mcp", "api"] as const;
export type Door = (typeof DOORS)[number];

export const SCOPES = [
  "questions.read", "questions.write", "brand.read", "brand.write", "library.read",
  "library.write", "connections.read", "connections.write", "kit.read", "kit.write",
  // added after the specification's ten (versioning rule 2: additive), for activity.list
  "activity.read",
] as const;
export type Scope = (typeof SCOPES)[number];

export const isScope = (name: string): name is Scope => (SCOPES as readonly string[]).includes(name);

export const WIDGETS = [
  "choice", "carousel", "palette", "confirm", "record", "list", "review", "file_request", "action_link",
] as const;
export type Widget = (typeof WIDGETS)[number];

/** Who is calling: a person, through a personal key (API, MCP) or a session (Assistant, Voice). */
export type Actor = {
  userId: string;
  name: string;
  staff: boolean;
  apiKeyId: string | null;
  /** null for sessions: there only the role applies (decisions §4) */
  scopes: readonly Scope[] | null;
  /** null when the key is not limited to some brands */
  brandIds: readonly string[] | null;
  /** the OAuth client acting for the person through the MCP door (lib/core/app-tokens.ts) */
  app?: { clientId: string; name: string; grantId: string };
};

export type BrandInfo = {
  id: string;
  shortId: string;
  name: string;
  plan: string | null;
  status: string;
  managerId: string | null;
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
  requestId: string;
  /** effects outside the database (provider calls, storage) run only once the write committed */
  afterCommit(effect: () => Promise<void>): void;
  /** the OAuth provider catalog and the calls to providers (lib/connections) */
  connections: ConnectionsPort;
};

export type BrandContext = BaseContext & {
  brand: BrandInfo;
  /** the caller's role in the brand; null for staff */
  role: Role | null;
  /** capability ids this caller may call in this brand through this door */
  callableCapabilities(): string[];
};

type Meta = {
  id: string;
  kind: "read" | "write";
  /** null only for brands.list, which needs no scope */
  scope: Scope | null;
  minRole: Role;
  confirmation: boolean;
  doors: readonly Door[];
  status: "available" | "planned";
  widget: Widget | null;
  /** one line a person or a model reads in a tool list */
  title: string;
  description: string;
  /** the input carries idempotencyKey, replayed per decisions §6 */
  idempotent?: boolean;
  /** a write that can remove or revoke something (MCP destructiveHint) */
  destructive?: boolean;
};

type Definition<Ctx, I extends z.ZodType, O extends z.ZodType> = Meta & {
  input: I;
  output: O;
  /**
   * one human sentence saying exactly what will change: the confirmation's words for writes that
   * need one, and the activity trail's for every write that has it
   */
  summarize?: (ctx: Ctx, input: z.output<I>) => string | Promise<string>;
  /** the record a successful write touched, for the activity trail's link (files so far) */
  touched?: (input: z.output<I>, data: z.output<O>) => ActivityTarget | undefined;
  /**
   * Read-only checks that must pass before anybody is asked to confirm (a referenced record exists,
   * no duplicate, expectedRevision matches). The pipeline runs them again inside the write's
   * transaction, right before execute (decisions §3).
   */
  check?: (ctx: Ctx, input: z.output<I>) => Promise<void>;
  /** absent while the capability is not implemented: then it is not served (not_found) */
  execute?: (ctx: Ctx, input: z.output<I>) => Promise<z.input<O>>;
};

/** What an activity entry links to: a file of the library (the app's only record with a view of its own). */
export type ActivityTarget = { kind: "asset"; id: string };

/** The erased shape the registry, the pipeline and the doors work with. */
export type Capability = Meta & {
  brandScoped: boolean;
  input: z.ZodType;
  output: z.ZodType;
  summarize?: (ctx: never, input: never) => string | Promise<string>;
  touched?: (input: never, data: never) => ActivityTarget | undefined;
  check?: (ctx: never, input: never) => Promise<void>;
  execute?: (ctx: never, input: never) => Promise<unknown>;
};

/** A capability acting inside one brand (every capability but brands.list). */
export function defineCapability<I extends z.ZodType, O extends z.ZodType>(
  definition: Definition<BrandContext, I, O>,
): Capability {
  return { ...definition, brandScoped: true } as Capability;
}

/** A capability about the caller's account rather than one brand (brands.list). */
export function defineAccountCapability<I extends z.ZodType, O extends z.ZodType>(
  definition: Definition<BaseContext, I, O>,
): Capability {
  return { ...definition, brandScoped: false } as Capability;
}

/** MCP tool name: the id with dots replaced by underscores (spec). */
export function mcpToolName(id: string): string {
  return id.replaceAll(".", "_");
}
