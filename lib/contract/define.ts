// defineCapability(): a capability is one object of data plus two pure functions. Everything a
// door, the pipeline or a catalogue needs to know about it is a field here, never an `if` elsewhere.
//
// Why lib/contract and not lib/capabilities or lib/core: the pipeline (lib/core) runs capabilities
// and the capabilities are written against it, so this contract sits below both; neither reaches
// up into the other (scripts/support/import-graph.ts holds that layering).
//
// The registry erases each capability's own input and output types for the pipeline (one list of
// many shapes), but each definition keeps its id and schemas' types (`Typed`), so the registry's
// type map reaches the screen (docs/contributors.md, Types reach the screen). The pipeline still
// calls them typed: `accept` checks a raw input against the capability's own schema and hands back
// its functions already bound to that input, inside this closure where the types are known, so
// nothing is cast on the way.
import type { z } from "zod";
import type { Door, Scope, Widget } from "./catalogue";
import type { BaseContext, BrandContext } from "./context";
import type { LimitCode } from "./errors";
import { type ExtraScopes, type ExtraScopesFacts, requireExtraScopes } from "./extra-scopes";
import type { Role } from "./roles";
import type { RecordRef, Row } from "../db/rows";

export type { RecordRef } from "../db/rows";

type Meta = {
  id: string;
  kind: "read" | "write";
  /** null only for brands.list, which needs no scope */
  scope: Scope | null;
  minRole: Role;
  confirmation: boolean;
  doors: readonly Door[];
  /**
   * The specification's rollout phase (docs/design.md, rollout), which CAPABILITY_ROLLOUT=available
   * reads. Not whether the capability is built: every capability in the registry is served; the
   * catalogue's `served` says so per server.
   */
  phase: "available" | "planned";
  widget: Widget | null;
  /** one line a person or a model reads in a tool list */
  title: string;
  description: string;
  /** the input carries idempotencyKey, replayed as docs/design.md (idempotency) says */
  idempotent?: boolean;
  /** a write that can remove or revoke something (MCP destructiveHint) */
  destructive?: boolean;
  /** codes of a bound its execution can refuse with, beyond those its other facts imply (lib/openapi/errors.ts) */
  limits?: readonly LimitCode[];
  /**
   * output fields shown only in the live answer (a signing secret, a key): every kept copy holds a
   * marker instead, an Idempotency-Key's stored answer holds them sealed (lib/contract/shown-once.ts)
   */
  shownOnce?: readonly string[];
};

/** One event type a write can produce: what it means, and the schema of its data (lib/events). */
export type EventType = {
  description: string;
  data: z.ZodType<Record<string, unknown>>;
  /** when it is sent, for a type recorded outside the capability's own call (an accepted invitation, a sweeper) */
  when?: string;
};

/** The event of one committed call: one of its capability's types, and that type's data. */
export type Emitted = { type: string; data: Record<string, unknown> };

/**
 * A row of an undoable write as it was before the write ran (the pipeline reads the rows its `undo`
 * names first, for activity.undo): null when it did not exist, undefined when the write did not name it.
 */
export type RowBefore = (ref: RecordRef) => Row | null | undefined;

/**
 * What a write tells integrators once it committed: every type it can produce (one per outcome,
 * so the catalogue is generated from the registry) and the one this call produced. `emit` runs in
 * the write's transaction right after execute, so it reads the changed record as committed; `before`
 * gives the rows its undo names as they were, for an event that says what changed from what.
 */
export type WriteEvents<Ctx, In, Out, K extends string = string> = {
  types: Readonly<Record<K, EventType>>;
  emit: (
    ctx: Ctx,
    input: In,
    data: Out,
    before: RowBefore,
  ) =>
    | { type: NoInfer<K>; data: Record<string, unknown> }
    | Promise<{ type: NoInfer<K>; data: Record<string, unknown> }>;
};

/**
 * Whether and how a write can be undone (activity.undo). `records` names the rows it
 * changes; the pipeline calls it twice in the write's transaction: before execute (no data yet:
 * every existing row it will change) and after (with its output: rows it created), and keeps
 * each row before and after. `not` says in words why it cannot be taken back.
 */
export type UndoDeclaration<Ctx, In, Out> =
  | { records: (ctx: Ctx, input: In, data?: Out) => readonly RecordRef[] | Promise<readonly RecordRef[]> }
  | { not: string };

/** Every capability answers with a JSON object (a write with { ok: true, … }: docs/design.md, calls). */
type Output = z.ZodType<Record<string, unknown>>;

type Definition<Ctx, I extends z.ZodType, O extends Output, K extends string, Id extends string = string> = Meta & {
  id: Id;
  input: I;
  output: O;
  shownOnce?: readonly (keyof z.output<O> & string)[];
  /** writes only: the event each committed call records (lib/events/record.ts) */
  events?: WriteEvents<Ctx, z.output<I>, z.output<O>, K>;
  /**
   * one human sentence saying exactly what will change: the confirmation's words for writes that
   * need one, and the activity trail's for every write that has it
   */
  summarize?: (ctx: Ctx, input: z.output<I>) => string | Promise<string>;
  /**
   * the record a successful write touched: the activity trail links files by it, and the chat's
   * cards showing that record read it again (components/widgets/truth.tsx)
   */
  touched?: (input: z.output<I>, data: z.output<O>) => Touched | undefined;
  /** writes: whether it can be undone, and the rows it changes (UndoDeclaration) */
  undo?: UndoDeclaration<Ctx, z.output<I>, z.output<O>>;
  /**
   * scopes some calls need beyond `scope`, which only the input or a record it names decides
   * (extra-scopes.ts): checked before `check` and `execute`, never by the capability itself
   */
  extraScopes?: ExtraScopes<Ctx, z.output<I>>;
  /**
   * Read-only checks that must pass before anybody is asked to confirm (a referenced record exists,
   * no duplicate, expectedRevision matches). The pipeline runs them again inside the write's
   * transaction, right before execute (docs/design.md, order of checks).
   */
  check?: (ctx: Ctx, input: z.output<I>) => Promise<void>;
  /** absent while the capability is not implemented: then it is not served (not_found) */
  execute?: (ctx: Ctx, input: z.output<I>) => Promise<z.input<O>>;
};

/** What an activity entry links to: a file of the library (the app's only record with a view of its own). */
export type ActivityTarget = { kind: "asset"; id: string };

/**
 * The record a write changed: its kind and id, its new revision where it keeps one, and whether the
 * write removed it. Only its asset kind is an ActivityTarget (activity.list links files only).
 */
export type Touched = {
  kind:
    | "asset"
    | "contact"
    | "connection"
    | "question"
    | "kit"
    | "profile"
    | "webhook"
    | "memory"
    | "genome_entry"
    | "team"
    // brand.policy.update: the brand's own settings
    | "brand"
    // activity.undo: the undone activity (every read card reads again after it)
    | "activity";
  id: string;
  revision?: number;
  removed?: boolean;
};

/** One call of a capability whose own schema accepted its input: its functions, bound to that input. */
export type BoundCall<Ctx> = {
  /** the accepted input, for what the pipeline binds to it (confirmation, idempotency) */
  readonly input: unknown;
  check(ctx: Ctx): Promise<void>;
  /** the sentence saying what will change; absent when the capability has none */
  summarize?: (ctx: Ctx) => Promise<string>;
  /**
   * runs it: the output checked against its schema, the record it touched (for the audit), and its
   * event (read in the same transaction; checked against its type's schema), if it declares events
   */
  execute(ctx: Ctx): Promise<{
    data: Record<string, unknown>;
    touched(): Touched | undefined;
    event(before: RowBefore): Promise<Emitted | undefined>;
    /** the rows it changed, now that it ran (none when it cannot be undone) */
    records(): Promise<readonly RecordRef[]>;
  }>;
  /** the rows an undoable write will change, read before it runs; absent when it cannot be undone */
  records?: (ctx: Ctx) => Promise<readonly RecordRef[]>;
};

/** The capability's own schema's answer on a raw input: the bound call, or the schema's issues. */
export type Accepted<Ctx> = { ok: true; call: BoundCall<Ctx> } | { ok: false; issues: readonly z.core.$ZodIssue[] };

/**
 * The erased shape the registry, the pipeline and the doors work with. The definition's own
 * functions stay readable (whether a capability is implemented, has a summary) but take `never`:
 * they are called only through `accept`.
 */
type Erased = Meta & {
  input: z.ZodType;
  output: z.ZodType;
  summarize?: (ctx: never, input: never) => string | Promise<string>;
  touched?: (input: never, data: never) => Touched | undefined;
  check?: (ctx: never, input: never) => Promise<void>;
  execute?: (ctx: never, input: never) => Promise<unknown>;
  events?: {
    types: Readonly<Record<string, EventType>>;
    emit: (ctx: never, input: never, data: never, before: RowBefore) => unknown;
  };
  undo?: { records: (ctx: never, input: never, data?: never) => unknown } | { not: string };
  extraScopes?: ExtraScopesFacts & { of: (ctx: never, input: never) => unknown };
};

/** A capability acting inside one brand: it runs with a BrandContext. */
export type BrandCapability = Erased & { brandScoped: true; accept(raw: unknown): Accepted<BrandContext> };
/** A capability about the caller's account (brands.list): a read with a BaseContext (AccountRead below). */
export type AccountCapability = Erased & {
  brandScoped: false;
  kind: "read";
  confirmation: false;
  accept(raw: unknown): Accepted<BaseContext>;
};
export type Capability = BrandCapability | AccountCapability;
/** What a definition keeps of its own types past the erasure: its literal id and its schemas (the registry's type map). */
export type Typed<Id extends string, I extends z.ZodType, O extends Output> = { id: Id; input: I; output: O };

/** A capability acting inside one brand (every capability but brands.list). */
export function defineCapability<Id extends string, I extends z.ZodType, O extends Output, K extends string = never>(
  definition: Definition<BrandContext, I, O, K, Id>,
): BrandCapability & Typed<Id, I, O> {
  return { ...definition, brandScoped: true, accept: acceptor(definition) };
}

/**
 * What an account capability may be: a read. The pipeline runs it outside the write path (no
 * transaction, confirmation, idempotency, audit or event: lib/core/invoke.ts), so a write there
 * would skip all of them; a write is a type error instead (test/unit/account-capability.test.ts).
 */
type AccountRead = { kind: "read"; confirmation: false; idempotent?: false; destructive?: false; events?: never };

/** A capability about the caller's account rather than one brand (brands.list). */
export function defineAccountCapability<Id extends string, I extends z.ZodType, O extends Output>(
  definition: Definition<BaseContext, I, O, never, Id> & AccountRead,
): AccountCapability & Typed<Id, I, O> {
  return { ...definition, brandScoped: false, accept: acceptor(definition) };
}

/** `accept` of one definition: the input checked by its schema, then every function bound to it. */
function acceptor<Ctx extends BaseContext, I extends z.ZodType, O extends Output, K extends string>(
  definition: Definition<Ctx, I, O, K>,
): (raw: unknown) => Accepted<Ctx> {
  const { id, output, summarize, touched, check, execute, events, undo, extraScopes } = definition;
  return (raw) => {
    const parsed = definition.input.safeParse(raw, { reportInput: true });
    if (!parsed.success) return { ok: false, issues: parsed.error.issues };
    const input: z.output<I> = parsed.data;
    const requireScopes = async (ctx: Ctx) => {
      if (extraScopes) requireExtraScopes(id, ctx.actor, extraScopes, await extraScopes.of(ctx, input));
    };
    const call: BoundCall<Ctx> = {
      input,
      check: async (ctx) => {
        await requireScopes(ctx);
        await check?.(ctx, input);
      },
      execute: async (ctx) => {
        if (!execute) throw new Error(`${id} is not implemented`);
        // a read runs execute alone; a write ran check first, in this same transaction too
        await requireScopes(ctx);
        // outputs are schemas too: what leaves is what the catalogue promises, or an internal error
        const checked = output.safeParse(await execute(ctx, input));
        if (!checked.success) throw new Error(`${id} produced output outside its schema: ${checked.error.message}`);
        const data: z.output<O> = checked.data;
        return {
          data,
          touched: () => touched?.(input, data),
          event: async (before) =>
            events ? checkedEvent(id, events.types, await events.emit(ctx, input, data, before)) : undefined,
          records: async () => (undo && "records" in undo ? undo.records(ctx, input, data) : []),
        };
      },
    };
    if (summarize) call.summarize = async (ctx) => summarize(ctx, input);
    if (undo && "records" in undo) call.records = async (ctx) => undo.records(ctx, input);
    return { ok: true, call };
  };
}

/** An event as its catalogue entry promises it (a declared type, data within its schema), or an internal error. */
function checkedEvent(id: string, types: Readonly<Record<string, EventType>>, event: Emitted): Emitted {
  const type = Object.hasOwn(types, event.type) ? types[event.type as keyof typeof types] : undefined;
  if (!type) throw new Error(`${id} emitted ${event.type}, which it does not declare`);
  const checked = type.data.safeParse(event.data);
  if (!checked.success)
    throw new Error(`${id} emitted ${event.type} with data outside its schema: ${checked.error.message}`);
  return { type: event.type, data: checked.data };
}
