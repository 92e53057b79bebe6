// What every widget receives. Shapes of capability outputs are written out here (client code never
// imports lib/capabilities, which pulls the database in); they mirror each capability's output schema.
import type { EnvelopeError, ToolEnvelope } from "@/lib/pending/envelope";

export type { EnvelopeError, ToolEnvelope };

export const WIDGET_NAMES = [
  "choice",
  "carousel",
  "palette",
  "confirm",
  "record",
  "list",
  "review",
  "file_request",
  "action_link",
  "fallback",
] as const;
export type WidgetName = (typeof WIDGET_NAMES)[number];

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
};

// Output shapes (see lib/capabilities/*): only what the widgets read.
export type KitColor = { name: string; hex: string; role: string; contrast?: { onWhite: number; onBlack: number } };
export type KitData = {
  colors?: KitColor[];
  typography?: { family: string; role: string; weights: string[] }[];
  logos?: { assetId: string; name: string; form: string; theme: string; primary: boolean }[];
  instructions?: Record<string, string>;
};
export type WriteOutput = { ok: true; id?: string; revision?: number };
export type Question = { id: string; question: string; scope: string; options: string[]; revision: number };
export type AssetStatus = "proposed" | "approved" | "archived";
export type AssetSummary = {
  id: string;
  name: string;
  category: string | null;
  mimeType: string;
  status: AssetStatus;
  createdAt: string;
};
export type AssetDetail = AssetSummary & {
  description: string | null;
  sizeBytes: number;
  url: string;
  urlExpiresAt: string;
};
export type UploadOutput = { uploadId: string; uploadUrl?: string; assetId?: string };
export type AuthorizationLink = { authorizationUrl: string; expiresAt: string; name?: string };

/** the data of an ok envelope, or undefined */
export function okData<T>(envelope: ToolEnvelope | null): T | undefined {
  return envelope?.status === "ok" ? (envelope.data as T) : undefined;
}

export function errorOf(envelope: ToolEnvelope | null): EnvelopeError | undefined {
  return envelope?.status === "error" ? envelope.error : undefined;
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
