// What every widget receives. Capabilities' inputs and outputs come from the registry's type map
// (imported as types only: the registry itself pulls the database in), so a widget reading a field a
// capability no longer answers fails to compile.
import type { CapabilityId, CapabilityMap } from "@/lib/capabilities/registry";
import type { Widget } from "@/lib/contract/catalogue";
import type { EnvelopeError, ToolEnvelope } from "@/lib/pending/envelope";

export type { EnvelopeError, ToolEnvelope };

/**
 * Every widget a capability can name (WIDGETS in lib/contract/catalogue.ts, the one list), and the
 * fallback that shows any other answer: registry.tsx needs a component for each.
 */
export type WidgetName = Widget | "fallback";

export type Decision = "confirm" | "cancel";

export type WidgetProps = {
  capabilityId: string;
  /** the input the capability was called with (the model's, or the slash form's); may be partial */
  input: Record<string, unknown>;
  /** null when a widget opens before any call (a review started from the carousel, an upload picker) */
  envelope: ToolEnvelope | null;
  /** the brand the call was made in (short id) */
  brand: string;
  /** after Confirm / Cancel of a pending call, with the envelope the decision produced */
  onDecided?: (decision: Decision, result: ToolEnvelope) => void;
};

/** One row of the catalogue the server sends the page (lib/capabilities stays on the server). */
export type CatalogueEntry = {
  id: string;
  title: string;
  widget: string | null;
  confirmation: boolean;
  /** the model's tool name: the id with dots replaced by underscores */
  toolName: string;
  /** false for account capabilities (brands.list), which take no brand; absent means true */
  brandScoped?: boolean;
  /** a read: its card may read it again to stay true (fresh.tsx) */
  read?: boolean;
  /** output fields shown only in the live answer; kept cards hold a marker instead (lib/contract/shown-once.ts) */
  shownOnce?: readonly string[];
  /** the lowest brand role that may call it (may.tsx offers it only to those) */
  minRole?: "viewer" | "member" | "admin";
};

/**
 * A capability id as a call names it: one the registry knows, or a `string` known only at run time
 * (a slash command picked from the catalogue, a generic card reading its own capability again). A
 * misspelt literal is neither and fails to compile.
 */
export type CallableId<Id extends string> = Id &
  (Id extends CapabilityId ? unknown : string extends Id ? unknown : { "is not a capability id": Id });
/** What a call of this capability sends; any object for an id known only at run time. */
export type InputOf<Id extends string> = Id extends CapabilityId ? CapabilityMap[Id]["input"] : Record<string, unknown>;
/** What this capability answers; unknown for an id known only at run time. */
export type OutputOf<Id extends string> = Id extends CapabilityId ? CapabilityMap[Id]["output"] : unknown;

type OkEnvelope = Extract<ToolEnvelope, { status: "ok" }>;
/** The envelope of one call of this capability: its ok data typed by the registry. */
export type Answer<Id extends string> =
  | Exclude<ToolEnvelope, OkEnvelope>
  | (Omit<OkEnvelope, "data"> & { data: OutputOf<Id> });

/** An envelope that says the call failed: part of every Answer. */
export type ErrorEnvelope = Extract<ToolEnvelope, { status: "error" }>;

/** the data of an ok envelope (typed when the envelope is an Answer, unknown otherwise), or undefined */
export function okData<E extends ToolEnvelope>(
  envelope: E | null | undefined,
): (E extends { status: "ok"; data: infer D } ? D : never) | undefined;
export function okData(envelope: ToolEnvelope | null | undefined): unknown {
  return envelope?.status === "ok" ? envelope.data : undefined;
}

/**
 * The data of an ok envelope of one of these capabilities, typed by the registry; undefined for any
 * other envelope. For a widget's own envelope, which arrives untyped from the chat or a host: the
 * id is checked, and the server checked the data against that capability's output schema.
 */
export function okDataOf<Id extends CapabilityId>(
  envelope: ToolEnvelope | null | undefined,
  ...ids: Id[]
): OutputOf<Id> | undefined {
  if (envelope?.status !== "ok" || !ids.includes(envelope.capabilityId as Id)) return undefined;
  return envelope.data as OutputOf<Id>;
}

export function errorOf(envelope: ToolEnvelope | null): EnvelopeError | undefined {
  return envelope?.status === "error" ? envelope.error : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
