// What a slash form knows so people never type machine values: a fresh idempotency key at every
// run, the current revision read just before the run (so "someone changed it" means someone did),
// and pickers listing the brand's files, questions, contact channels and connections by name
// instead of boxes for their ids. One place, read by the form (schema-form.tsx) and the palette.
import { runCapability } from "@/components/widgets/run";
import {
  okData,
  type CallableId,
  type EnvelopeError,
  type InputOf,
  type OutputOf,
  type ToolEnvelope,
} from "@/components/widgets/types";
import { valueInWords } from "@/components/widgets/value-words";
import type { CapabilityId } from "@/lib/capabilities/registry";

/** filled at each run, never shown */
export const FILLED_FIELDS = new Set(["idempotencyKey", "expectedRevision"]);
/** never asked: what the form fills, and a page position (a card pages itself with Next page) */
export const NOT_ASKED = new Set([...FILLED_FIELDS, "cursor"]);
/** inside a list of records: a question's stable key is made from its words */
export const FILLED_ITEM_FIELDS = new Set(["key"]);

type Option = { value: string; label: string };
/** where a picker's choices come from: one read, its answer typed by the registry inside this closure */
type Source = { load(brand: string): Promise<{ options: Option[] } | { error: EnvelopeError }> };

function source<Id extends string>(
  capabilityId: CallableId<Id>,
  input: InputOf<Id>,
  options: (data: OutputOf<Id>) => Option[],
): Source {
  return {
    async load(brand) {
      const envelope = await runCapability(capabilityId, brand, input);
      if (envelope.status === "error") return { error: envelope.error };
      const data = okData(envelope);
      return { options: data === undefined ? [] : options(data) };
    },
  };
}

type File = OutputOf<"library.search">["items"][number];
const fileOption = (file: File) => ({ value: file.id, label: `${file.name} (${file.status})` });
/** a service's name ("Mock Social") from the catalog connections.list sent with its items */
const providerName = (data: OutputOf<"connections.list">, provider: string) =>
  data.catalog?.find((entry) => entry.provider === provider)?.name ?? valueInWords(provider);

/** a kit colour by its name, code and role in words: "Leaf, #2F7D4F (Accent)" */
const colorOptions = (data: OutputOf<"kit.read">) =>
  (data.colors ?? []).map((color) => ({
    value: color.id,
    label: `${color.name}, ${color.hex} (${valueInWords(color.role, "role")})`,
  }));

/** a kit typeface by its family and what it is for: "Inter (Body)" */
const typefaceOptions = (data: OutputOf<"kit.read">) =>
  (data.typography ?? []).map((font) => ({
    value: font.id,
    label: `${font.family} (${valueInWords(font.role, "role")})`,
  }));

/** "capabilityId.field" (or "*.field") → where its choices come from */
const PICKERS: Record<string, Source> = {
  "library.asset.get.assetId": source("library.search", { limit: 50 }, (data) => data.items.map(fileOption)),
  "library.asset.review.assetId": source("library.search", { limit: 50 }, (data) =>
    data.items.filter((file) => file.status === "proposed").map(fileOption),
  ),
  "questions.answer.questionId": source("questions.list", { limit: 50 }, (data) =>
    data.items.map((question) => ({ value: question.id, label: question.question })),
  ),
  "brand.contacts.save.id": source("brand.contacts.list", {}, (data) =>
    data.items.map((contact) => ({
      value: contact.id,
      label: `${valueInWords(contact.type)}: ${contact.value}${contact.label ? ` (${contact.label})` : ""}`,
    })),
  ),
  "kit.colors.update.id": source("kit.read", { parts: ["colors"] }, colorOptions),
  "kit.colors.remove.id": source("kit.read", { parts: ["colors"] }, colorOptions),
  "kit.typography.save.id": source("kit.read", { parts: ["typography"] }, typefaceOptions),
  "kit.typography.remove.id": source("kit.read", { parts: ["typography"] }, typefaceOptions),
  // only an approved file can become a kit logo
  "kit.logos.save.assetId": source("library.search", { limit: 50 }, (data) =>
    data.items.filter((file) => file.status === "approved").map(fileOption),
  ),
  "kit.logos.remove.assetId": source("kit.read", { parts: ["logos"] }, (data) =>
    (data.logos ?? []).map((logo) => ({ value: logo.assetId, label: `${logo.name} (${logo.form}, ${logo.theme})` })),
  ),
  // the genome's entries a review can move: proposals, and those in the voice, by kind and words
  "genome.entries.review.entryId": source("genome.read", { limit: 50 }, (data) =>
    data.entries
      .filter((entry) => entry.status === "proposed" || entry.status === "approved")
      .map((entry) => ({
        value: entry.id,
        label: `${valueInWords(entry.kind, "kind")}: ${entry.value} (${valueInWords(entry.status, "status").toLowerCase()})`,
      })),
  ),
  // only a declaration waiting for review can be accepted or rejected: by what it says
  "memory.review.declarationId": source("memory.list", { status: "pending", limit: 50 }, (data) =>
    data.items.map((item) => ({ value: item.id, label: `${item.subject}: ${item.statement}` })),
  ),
  // the services by name, those this service can connect first: nobody types a provider's key
  "connections.connect.provider": source("connections.list", { includeCatalog: true }, (data) =>
    (data.catalog ?? [])
      .filter((entry) => entry.available)
      .map((entry) => ({ value: entry.provider, label: entry.name })),
  ),
  "connections.disconnect.connectionId": source("connections.list", { includeCatalog: true }, (data) =>
    data.items
      .filter((connection) => connection.status !== "disconnected")
      .map((connection) => ({
        value: connection.id,
        label: `${providerName(data, connection.provider)}${connection.account ? ` · ${connection.account}` : ""} (${valueInWords(connection.status).toLowerCase()})`,
      })),
  ),
} satisfies Partial<Record<`${CapabilityId}.${string}`, Source>>;

export const pickerFor = (capabilityId: string, field: string): Source | undefined =>
  PICKERS[`${capabilityId}.${field}`];

export const pickerOptions = (source: Source, brand: string) => source.load(brand);

/** The revision the write expects, read now from the capability that shows it; undefined when none does. */
async function currentRevision(
  capabilityId: string,
  brand: string,
  input: Record<string, unknown>,
): Promise<number | ToolEnvelope | undefined> {
  if (capabilityId === "brand.profile.update") {
    const overview = await runCapability("brand.overview", brand, {});
    return okData(overview)?.revision ?? overview;
  }
  if (capabilityId === "genome.entries.review") {
    const genome = await runCapability("genome.read", brand, { limit: 1 });
    return okData(genome)?.revision ?? genome;
  }
  if (capabilityId === "questions.answer") {
    const listed = await runCapability("questions.list", brand, { limit: 50 });
    const question = okData(listed)?.items.find((item) => item.id === input.questionId);
    return question?.revision ?? listed;
  }
  return undefined;
}

/** A question's stable key, made from its words when the person did not give one ("Which tone?" → which-tone). */
const keyOf = (question: string) =>
  question
    .toLowerCase()
    .normalize("NFKD")
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-|-$/g, "")
    .slice(0, 60) || "question";

/** The input with what the form fills itself; or the error of the read that failed. */
export async function withFilledFields(
  capabilityId: string,
  brand: string,
  input: Record<string, unknown>,
  fields: Set<string>,
): Promise<{ input: Record<string, unknown> } | { error: EnvelopeError }> {
  const filled = { ...input };
  if (fields.has("idempotencyKey")) filled.idempotencyKey = crypto.randomUUID();
  if (capabilityId === "questions.ask" && Array.isArray(filled.questions)) {
    filled.questions = (filled.questions as Record<string, unknown>[]).map((item) =>
      item.key || typeof item.question !== "string" ? item : { ...item, key: keyOf(item.question) },
    );
  }
  if (fields.has("expectedRevision")) {
    const revision = await currentRevision(capabilityId, brand, input);
    if (typeof revision === "number") filled.expectedRevision = revision;
    // a failed read is said; otherwise (no question chosen yet) the write itself says what is missing
    else if (revision?.status === "error") return { error: revision.error };
  }
  return { input: filled };
}
