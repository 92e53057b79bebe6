// What a slash form calls things: each field's label, and the separate actions a capability whose
// input is a union offers (a contact channel is added, changed or removed: three actions, never an
// "Op" box). Labels fall back to the words error sentences use (error-text.ts), so a form and its
// refusal name a field alike. Help under a field lives in field-help.ts; values in value-words.ts.
// Words for one capability are keyed by its id and its input's fields (capability-words.ts), so a
// misspelt one fails to compile.
import { fieldInWords } from "@/components/widgets/error-text";
import { valueInWords } from "@/components/widgets/value-words";
import type { CapabilityId } from "@/lib/capabilities/registry";
import { type CapabilityWords, wordsFor } from "./capability-words";

/** by capability, then field: where a capability calls a field its own way */
export const CAPABILITY_LABELS: CapabilityWords = {
  "brand.contacts.save": { id: "Channel", type: "Kind of channel", value: "Address, number or link" },
  "brand.policy.update": { agentsConfirmBy: "Who confirms what AI apps ask for" },
  "questions.list": { scope: "About" },
  "kit.read": { parts: "What to show" },
  "kit.colors.add": { role: "What it is for" },
  "kit.colors.update": { id: "Colour", role: "What it is for" },
  "kit.colors.remove": { id: "Colour" },
  "kit.typography.save": { id: "Typeface to change", family: "Font family", role: "What it is for" },
  "kit.typography.remove": { id: "Typeface" },
  "kit.logos.save": { assetId: "File", form: "Shape", theme: "Background", primary: "The main logo" },
  "kit.logos.remove": { assetId: "Logo" },
  "kit.instructions.update": { section: "Part of the kit" },
  "library.search": { type: "Kind of file", query: "Words in the name" },
  "library.asset.review": { decision: "Decision" },
  "questions.answer": { action: "What to do" },
  "genome.read": { status: "Which entries", kind: "Kind of entry" },
  "genome.entries.propose": { entries: "Entries", value: "What it says" },
  "genome.entries.review": { entryId: "Entry", decision: "Decision" },
  "memory.list": { status: "Which declarations", subject: "About exactly" },
  "memory.propose": { subject: "What it is about", statement: "What the brand should remember" },
  "memory.review": { declarationId: "Declaration", decision: "Decision" },
};

/** by field, whatever the capability */
const FIELD_LABELS: Record<string, string> = {
  scope: "What the answer is for",
  includeCatalog: "Also show the services you can connect",
  provider: "Service",
  countryCode: "Country",
  primaryLanguage: "Main language",
  organizationType: "Kind of organisation",
  capabilityId: "What was done",
  door: "Where it was done",
  person: "Who did it (their e-mail)",
  outcome: "Outcome",
  since: "From",
  until: "Until",
  limit: "How many to show",
  note: "Note",
};

/** A field's label: "kit.colors.add" + "role" → "What it is for"; "hex" → "Colour code". */
export function labelFor(capabilityId: string, field: string): string {
  const words = wordsFor(CAPABILITY_LABELS, capabilityId, field) ?? FIELD_LABELS[field] ?? fieldInWords(field);
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** One action a union's form offers: which variant (`fixed`), and the fields it hides or requires. */
export type FormAction = { label: string; fixed: Record<string, string>; hide?: string[]; require?: string[] };

export const ACTIONS: { readonly [Id in CapabilityId]?: FormAction[] } = {
  "brand.contacts.save": [
    { label: "Add a channel", fixed: { op: "upsert" }, hide: ["id"] },
    { label: "Change a channel", fixed: { op: "upsert" }, require: ["id"] },
    { label: "Remove a channel", fixed: { op: "delete" } },
  ],
  "library.upload.create": [
    { label: "Start an upload", fixed: { step: "start" } },
    { label: "Finish an upload", fixed: { step: "complete" } },
  ],
};

function listedActions(capabilityId: string): FormAction[] | undefined {
  return Object.hasOwn(ACTIONS, capabilityId) ? ACTIONS[capabilityId as CapabilityId] : undefined;
}

/** The actions of a union: as listed above, else one per variant, named by its value in words. */
export function actionsOf(capabilityId: string, discriminator: string, values: string[]): FormAction[] {
  return (
    listedActions(capabilityId) ??
    values.map((value) => ({ label: valueInWords(value, discriminator), fixed: { [discriminator]: value } }))
  );
}

/** The action a run was ("Change a channel"), from its input, for the echo of what was run. */
export function actionOfInput(capabilityId: string, input: Record<string, unknown>): FormAction | undefined {
  return listedActions(capabilityId)?.find(
    (action) =>
      Object.entries(action.fixed).every(([name, value]) => input[name] === value) &&
      !action.hide?.some((name) => input[name] !== undefined) &&
      !action.require?.some((name) => input[name] === undefined),
  );
}
