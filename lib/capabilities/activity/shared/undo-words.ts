// The records an undo restores, in words a person reads on the confirm card and in a refusal
// (no ids, no column names where a word exists). A model without words here reads "a record".
import type { Row, RowModel } from "../../../db/rows";
import { host } from "../../webhooks/shared/endpoints";
import { logoPhrase, sectionPhrase, valueInSentence } from "../../../words/value-words";

const text = (row: Row, column: string) => String(row[column] ?? "");

const DESCRIBE: Partial<Record<RowModel, (row: Row) => string>> = {
  kitColor: (row) =>
    `the colour "${text(row, "name")}" (${text(row, "hex")}, ${valueInSentence(text(row, "role"), "role")})`,
  kitTypography: (row) => {
    const weights = Array.isArray(row.weights) ? row.weights.join(", ") : "";
    return `the typeface ${text(row, "family")} (${text(row, "role")}, weights ${weights})`;
  },
  kitLogo: (row) =>
    `the logo "${text(row, "name")}" (${logoPhrase(text(row, "form"), text(row, "theme"))}${row.primary ? ", the primary logo" : ""})`,
  kitInstruction: (row) => sectionPhrase(text(row, "section")),
  genome: () => "the brand profile",
  contact: (row) => `the ${valueInSentence(text(row, "type"))} channel ${text(row, "value")}`,
  asset: (row) => `the file ${text(row, "name")}`,
  question: (row) => `the question "${text(row, "question")}"`,
  memoryDeclaration: (row) => `the brand declaration "${text(row, "statement")}"`,
  membership: (row) =>
    `a person's place in the team as ${text(row, "role")}${row.accessUntil ? " with an end of access" : ""}`,
  teamInvitation: (row) => `the invitation of ${text(row, "email")} as ${text(row, "role")}`,
  genomeEntry: (row) => `the voice entry "${text(row, "value")}"`,
  webhookEndpoint: (row) => `the webhook endpoint sending to ${host(text(row, "url"))}`,
  brand: () => "the brand's rule on who confirms the writes of agents signed in with OAuth",
};

const COLUMN_WORDS: Record<string, string> = {
  displayName: "display name",
  countryCode: "country",
  primaryLanguage: "language",
  organizationType: "organisation type",
  hex: "HEX value",
  eventTypes: "event types",
  reviewNote: "review note",
  reviewedAt: "review",
  reviewedById: "reviewer",
  answeredAt: "answer",
  acceptedAt: "acceptance",
  acceptedByUserId: "acceptance",
  revokedAt: "revocation",
  accessUntil: "end of access",
  secretSealed: "signing secret",
  previousSecretSealed: "previous signing secret",
  disabledReason: "enabled state",
  agentsConfirmBy: "policy",
};

/** A column in words: its own word, or its camelCase name spelt out. */
export const columnInWords = (column: string) =>
  COLUMN_WORDS[column] ?? column.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();

export function recordInWords(model: RowModel, row: Row): string {
  return DESCRIBE[model]?.(row) ?? "a record";
}

/** One record's restore: what the undo does to it, from the rows now and as they were. */
export function restoreInWords(model: RowModel, before: Row | null, now: Row | null, retires: boolean): string {
  if (!before) return now ? `${retires ? "dismiss" : "remove"} ${recordInWords(model, now)}` : "";
  if (!now) return `bring back ${recordInWords(model, before)}`;
  if (model === "question" && before.status !== now.status) {
    const again = before.status === "open" ? "open again" : `${String(before.status)} again`;
    return `make ${recordInWords(model, before)} ${again}`;
  }
  if ((model === "asset" || model === "memoryDeclaration" || model === "genomeEntry") && before.status !== now.status)
    return `put ${recordInWords(model, before)} back to ${String(before.status)}`;
  if (model === "membership")
    return `give the person back the role ${String(before.role)}${before.accessUntil ? " with the end of access they had" : " with no end of access"}`;
  if (model === "teamInvitation" && before.revokedAt !== now.revokedAt && !before.revokedAt)
    return `make ${recordInWords(model, before)} usable again`;
  const then = recordInWords(model, before);
  const current = recordInWords(model, now);
  return then === current || model === "genome" || model === "kitInstruction"
    ? `put ${then} back as it was`
    : `change ${current} back to ${then}`;
}
