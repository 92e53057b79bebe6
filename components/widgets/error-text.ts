// One sentence per error code, for a person rather than a developer. The server's message stays
// available as a detail; the sentence is what the widget leads with.
import type { EnvelopeError } from "./types";

// Field names a person would not recognise, said in words.
const FIELD_WORDS: Record<string, string> = {
  hex: "colour code",
  assetId: "file",
  uploadId: "upload",
  questionId: "question",
  expectedRevision: "version you were looking at",
  idempotencyKey: "request key",
  body: "request",
  brand: "brand",
  sizeBytes: "file size",
  mimeType: "file type",
  fileName: "file name",
  cursor: "page position",
  // a record chosen by name in a form: its id is not what a person knows it by
  id: "item",
  connectionId: "connection",
  capabilityId: "action",
  countryCode: "country",
};

/** `questions.0.key` → "question 1 key"; `fileName` → "file name". */
export function fieldInWords(field: string): string {
  if (FIELD_WORDS[field]) return FIELD_WORDS[field]!;
  return field
    .split(".")
    .map((part, index, parts) => {
      if (/^\d+$/.test(part)) return `${Number(part) + 1}`;
      const words = FIELD_WORDS[part] ?? part.replace(/([a-z])([A-Z])/g, "$1 $2").toLowerCase();
      // "questions 1" reads better as "question 1"
      return /^\d+$/.test(parts[index + 1] ?? "") ? words.replace(/s$/, "") : words;
    })
    .join(" ");
}

function roleSentence(message: string): string | undefined {
  const match = /needs the (\w+) role in this brand; you are (\w+)/.exec(message);
  if (!match) return undefined;
  const article = (role: string) => (/^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`);
  return `Only ${article(match[1]!)} of this brand can do this; you are ${article(match[2]!)} here.`;
}

function issueSentence(field: string, message: string): string {
  const words = fieldInWords(field);
  const capitalized = words.charAt(0).toUpperCase() + words.slice(1);
  return `${capitalized}: ${message}.`.replace(/\.\.$/, ".");
}

/** The sentences to show for an error: the first is the headline, the rest details (one per field). */
export function errorSentences(error: EnvelopeError): string[] {
  const details = error as EnvelopeError & Record<string, unknown>;
  switch (error.code) {
    case "unauthenticated":
      return ["You are signed out. Sign in again to continue."];
    case "forbidden":
      return [roleSentence(error.message) ?? "You don't have access to do this in this brand."];
    case "insufficient_scope":
      return [`Your access doesn't cover this${details.scope ? ` (it needs ${String(details.scope)})` : ""}.`];
    case "invalid_input": {
      const issues = (details.issues as { field: string; message: string }[] | undefined) ?? [];
      const lines = issues.length > 0 ? issues.map((issue) => issueSentence(issue.field, issue.message)) : [];
      // an integration the service has not been set up for is not the person's mistake
      // a file that is not its type: the server's sentence is already written for people
      if (details.reason === "mime_mismatch") return [error.message];
      if (details.reason === "not_available")
        return ["This integration isn't set up on this service yet. Ask whoever runs the service to configure it."];
      const head = details.field
        ? `The ${fieldInWords(String(details.field))} isn't right.`
        : "Something in the request isn't right.";
      return [head, ...(lines.length > 0 ? lines : [error.message])];
    }
    case "revision_conflict":
      return ["Someone changed this in the meantime. Load it again and retry."];
    case "not_found":
      return [
        details.field
          ? `There is no such ${fieldInWords(String(details.field))} in this brand.`
          : "This isn't available here.",
      ];
    case "rate_limited": {
      const wait = Number(details.retryAfterSeconds);
      return [
        `Too many requests just now. Try again in ${Number.isFinite(wait) && wait > 0 ? `${wait} second${wait === 1 ? "" : "s"}` : "a moment"}.`,
      ];
    }
    case "brand_not_operational":
      return ["This brand is closed or archived, so nothing can be done in it right now."];
    case "budget_exceeded":
      return ["This brand has used its AI budget for the month. Slash commands (type /) still work."];
    case "confirmation_required":
      return details.reason === "expired"
        ? ["This confirmation expired before it was confirmed, so nothing was changed."]
        : ["This change needs your confirmation first."];
    case "unavailable":
      return ["The service is unavailable right now. Try again in a moment."];
    case "undo_conflict":
    case "undo_expired":
    case "not_undoable":
      // the server's sentence is written for people: what changed since, when and by whom, or why not
      return [error.message];
    default:
      return [
        `Something went wrong on our side. Try again; if it keeps happening, quote reference ${details.requestId ?? "—"}.`,
      ];
  }
}
