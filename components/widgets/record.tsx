"use client";
// One record as labelled rows (brand.overview, library.asset.get): a preview for an image file, a
// download link for a signed URL, counts and the manager in words.
import { Badge, WidgetFrame } from "./frame";
import { formatScalar, labelOf, ReadableData } from "./readable";
import { CHECKABLE_IMAGES, CheckOnBrand } from "./check-action";
import { errorOf, isRecord, okData, okDataOf, type WidgetProps } from "./types";
import { OverviewMemory } from "./overview-memory";
import { valueInWords } from "./value-words";
import { capitalized, typeInWords } from "@/lib/storage/type-words";

// fields a person does not need to read (ids stay available in the data, not on screen)
const HIDDEN = new Set(["id", "url", "urlExpiresAt", "revision", "capabilities", "ok", "status"]);
const LABELS: Record<string, string> = {
  mimeType: "Type",
  createdAt: "Added",
  sizeBytes: "Size",
  shortId: "Short id",
  counts: "In progress",
  countryCode: "Country",
  policy: "Who confirms AI apps' writes",
};

export function RecordWidget({ capabilityId, envelope, brand }: WidgetProps) {
  // any capability's record is shown alike: its answer is read generically
  const answer = okData(envelope);
  const overview = okDataOf(envelope, "brand.overview");
  const data = isRecord(answer) ? answer : undefined;
  const heading = data && (typeof data.name === "string" ? data.name : undefined);
  const url = data && typeof data.url === "string" ? data.url : undefined;
  const isImage = typeof data?.mimeType === "string" && data.mimeType.startsWith("image/");
  const rows = data
    ? Object.entries(data).filter(
        ([key, value]) => !HIDDEN.has(key) && key !== "name" && value !== null && value !== "",
      )
    : [];
  return (
    <WidgetFrame
      name="record"
      capabilityId={capabilityId}
      error={errorOf(envelope)}
      aside={
        typeof data?.status === "string" ? <Badge tone={data.status}>{valueInWords(data.status)}</Badge> : undefined
      }
    >
      {data && (
        <div className="record">
          {url && isImage && <img className="record-preview" src={url} alt={heading ?? "Preview"} />}
          <div className="record-fields">
            {heading && <h3 className="record-name">{heading}</h3>}
            <dl className="kv">
              {rows.map(([key, value]) => (
                <div key={key}>
                  <dt>{LABELS[key] ?? labelOf(key)}</dt>
                  <dd>{describe(key, value)}</dd>
                </div>
              ))}
              {Array.isArray(data.capabilities) && (
                <div>
                  <dt>You can use</dt>
                  <dd>{data.capabilities.length} commands (type / to see them)</dd>
                </div>
              )}
            </dl>
            {url && (
              <a className="button" href={url} target="_blank" rel="noopener noreferrer">
                Download
              </a>
            )}
            {capabilityId === "library.asset.get" &&
              typeof data.id === "string" &&
              typeof data.mimeType === "string" &&
              CHECKABLE_IMAGES.includes(data.mimeType) && <CheckOnBrand brand={brand} input={{ assetId: data.id }} />}
          </div>
        </div>
      )}
      {overview && <OverviewMemory brand={brand} pending={overview.counts.pendingMemory} />}
    </WidgetFrame>
  );
}

function describe(key: string, value: unknown) {
  if (key === "sizeBytes" && typeof value === "number") return bytes(value);
  if (key === "counts" && isRecord(value)) return countsInWords(value);
  // the brand's one policy so far, said as its choice in words
  if (key === "policy" && isRecord(value) && typeof value.agentsConfirmBy === "string")
    return valueInWords(value.agentsConfirmBy, "agentsConfirmBy");
  if (isRecord(value)) {
    // the manager is a person: their name; counts read as a sentence
    if (typeof value.name === "string") return value.name;
    return Object.entries(value)
      .map(([name, item]) => `${LABELS[name] ?? labelOf(name)}: ${describeScalar(name, item)}`)
      .join(" · ");
  }
  if (Array.isArray(value)) return <ReadableData value={value} />;
  return describeScalar(key, value);
}

function describeScalar(key: string, value: unknown): string {
  if (key === "mimeType" && typeof value === "string") return capitalized(typeInWords(value));
  if (key === "countryCode" && typeof value === "string") return countryName(value);
  return formatScalar(value);
}

export function bytes(size: number): string {
  if (size < 1024) return `${size} bytes`;
  if (size < 1024 * 1024) return `${(size / 1024).toFixed(1)} KB`;
  return `${(size / 1024 / 1024).toFixed(1)} MB`;
}

// what each count of brand.overview is, as "3 active works"
const COUNT_WORDS: Record<string, [string, string]> = {
  activeWorks: ["active work", "active works"],
  pendingTasks: ["task waiting", "tasks waiting"],
  pendingMemory: ["memory proposal to review", "memory proposals to review"],
};

function countsInWords(counts: Record<string, unknown>): string {
  return Object.entries(counts)
    .map(([name, count]) => {
      const [one, many] = COUNT_WORDS[name] ?? [labelOf(name).toLowerCase(), labelOf(name).toLowerCase()];
      return `${formatScalar(count)} ${count === 1 ? one : many}`;
    })
    .join(" · ");
}

/** "FR" → "France", the same on the server and in the browser (English names). */
function countryName(code: string): string {
  try {
    return new Intl.DisplayNames(["en"], { type: "region" }).of(code.toUpperCase()) ?? code;
  } catch {
    return code;
  }
}
