// Any JSON value as something a person can read: headings for keys, paragraphs for text, lists for
// arrays, key/value rows for small objects. Never raw JSON as the main view.
import { dateInWords } from "@/lib/words/date-words";
import type { ReactNode } from "react";
import { isRecord } from "./types";

export function labelOf(key: string): string {
  const words = key
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .replace(/[_.]/g, " ")
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

export function formatScalar(value: unknown): string {
  if (value === null || value === undefined || value === "") return "—";
  if (typeof value === "boolean") return value ? "Yes" : "No";
  if (typeof value === "string" && ISO.test(value)) {
    const date = new Date(value);
    // one date format for people on every page and card (lib/team/role-words.ts)
    if (!Number.isNaN(date.getTime())) return dateInWords(date);
  }
  return String(value);
}

export function ReadableData({ value, depth = 0 }: { value: unknown; depth?: number }): ReactNode {
  if (Array.isArray(value)) {
    if (value.length === 0) return <p className="muted">None.</p>;
    return (
      <ul className="readable-list">
        {value.map((item, index) => (
          <li key={index}>
            {isRecord(item) || Array.isArray(item) ? (
              <ReadableData value={item} depth={depth + 1} />
            ) : (
              formatScalar(item)
            )}
          </li>
        ))}
      </ul>
    );
  }
  if (!isRecord(value)) {
    const text = formatScalar(value);
    return text.includes("\n") ? (
      text.split(/\n{2,}/).map((paragraph, index) => <p key={index}>{paragraph}</p>)
    ) : (
      <p>{text}</p>
    );
  }
  const entries = Object.entries(value).filter(([key]) => key !== "ok");
  const scalars = entries.filter(
    ([, item]) => !isRecord(item) && !Array.isArray(item) && !(typeof item === "string" && item.length > 80),
  );
  const blocks = entries.filter((entry) => !scalars.includes(entry));
  const Heading = depth === 0 ? "h4" : "h5";
  return (
    <div className="readable">
      {scalars.length > 0 && (
        <dl className="kv">
          {scalars.map(([key, item]) => (
            <div key={key}>
              <dt>{labelOf(key)}</dt>
              <dd>{formatScalar(item)}</dd>
            </div>
          ))}
        </dl>
      )}
      {blocks.map(([key, item]) => (
        <div key={key} className="readable-block">
          <Heading>{labelOf(key)}</Heading>
          <ReadableData value={item} depth={depth + 1} />
        </div>
      ))}
    </div>
  );
}
