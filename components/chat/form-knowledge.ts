// What a slash form knows so people never type machine values: a fresh idempotency key at every
// run, the current revision read just before the run (so "someone changed it" means someone did),
// and pickers listing the brand's files, questions, contact channels and connections by name
// instead of boxes for their ids. One place, read by the form (schema-form.tsx) and the palette.
import { runCapability } from "@/components/widgets/run";
import { okData, type EnvelopeError, type ToolEnvelope } from "@/components/widgets/types";
import { valueInWords } from "@/components/widgets/value-words";

/** filled at each run, never shown */
export const FILLED_FIELDS = new Set(["idempotencyKey", "expectedRevision"]);
/** never asked: what the form fills, and a page position (a card pages itself with Next page) */
export const NOT_ASKED = new Set([...FILLED_FIELDS, "cursor"]);
/** inside a list of records: a question's stable key is made from its words */
export const FILLED_ITEM_FIELDS = new Set(["key"]);

type Option = { value: string; label: string };
type Source = { capabilityId: string; input: Record<string, unknown>; options: (data: unknown) => Option[] };
type Items = { items?: Record<string, unknown>[] };
const items = (data: unknown) => (data as Items | undefined)?.items ?? [];
type Catalog = { catalog?: { provider: string; name: string; available: boolean }[] };
/** a service's name ("Mock Social") from the catalog connections.list sent with its items */
const providerName = (data: unknown, provider: string) =>
  (data as Catalog | undefined)?.catalog?.find((entry) => entry.provider === provider)?.name ?? valueInWords(provider);

const FILES: Source = {
  capabilityId: "library.search",
  input: { limit: 50 },
  options: (data) =>
    items(data).map((file) => ({ value: String(file.id), label: `${String(file.name)} (${String(file.status)})` })),
};

/** "capabilityId.field" (or "*.field") → where its choices come from */
const PICKERS: Record<string, Source> = {
  "library.asset.get.assetId": FILES,
  "library.asset.review.assetId": {
    ...FILES,
    options: (data) => FILES.options({ items: items(data).filter((file) => file.status === "proposed") }),
  },
  "questions.answer.questionId": {
    capabilityId: "questions.list",
    input: { limit: 50 },
    options: (data) =>
      items(data).map((question) => ({ value: String(question.id), label: String(question.question) })),
  },
  "brand.contacts.save.id": {
    capabilityId: "brand.contacts.list",
    input: {},
    options: (data) =>
      items(data).map((contact) => ({
        value: String(contact.id),
        label: `${valueInWords(String(contact.type))}: ${String(contact.value)}${contact.label ? ` (${String(contact.label)})` : ""}`,
      })),
  },
  // the services by name, those this service can connect first: nobody types a provider's key
  "connections.connect.provider": {
    capabilityId: "connections.list",
    input: { includeCatalog: true },
    options: (data) =>
      ((data as Catalog | undefined)?.catalog ?? [])
        .filter((entry) => entry.available)
        .map((entry) => ({ value: entry.provider, label: entry.name })),
  },
  "connections.disconnect.connectionId": {
    capabilityId: "connections.list",
    input: { includeCatalog: true },
    options: (data) =>
      items(data)
        .filter((connection) => connection.status !== "disconnected")
        .map((connection) => ({
          value: String(connection.id),
          label: `${providerName(data, String(connection.provider))}${connection.account ? ` · ${String(connection.account)}` : ""} (${valueInWords(String(connection.status)).toLowerCase()})`,
        })),
  },
};

export const pickerFor = (capabilityId: string, field: string): Source | undefined =>
  PICKERS[`${capabilityId}.${field}`];

export async function pickerOptions(
  source: Source,
  brand: string,
): Promise<{ options: Option[] } | { error: EnvelopeError }> {
  const envelope = await runCapability(source.capabilityId, brand, source.input);
  if (envelope.status === "error") return { error: envelope.error };
  return { options: source.options(okData(envelope)) };
}

/** The revision the write expects, read now from the capability that shows it; undefined when none does. */
async function currentRevision(
  capabilityId: string,
  brand: string,
  input: Record<string, unknown>,
): Promise<number | ToolEnvelope | undefined> {
  if (capabilityId === "brand.profile.update") {
    const overview = await runCapability("brand.overview", brand, {});
    return okData<{ revision: number }>(overview)?.revision ?? overview;
  }
  if (capabilityId === "questions.answer") {
    const listed = await runCapability("questions.list", brand, { limit: 50 });
    const question = okData<{ items: { id: string; revision: number }[] }>(listed)?.items.find(
      (item) => item.id === input.questionId,
    );
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
