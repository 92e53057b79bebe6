// The help a person reads under a slash form's field. The registry's descriptions are written for
// the model (ids "from questions.list", ISO and BCP 47 codes, normalisation rules); what people read
// is kept here, in one place, by field name or by capability and field (typed by the registry:
// capability-words.ts). A field without an entry shows no help rather than the model's.
import { type CapabilityWords, wordsFor } from "./capability-words";

/** by capability, then field: help that only fits that capability's field */
export const CAPABILITY_HELP: CapabilityWords = {
  "kit.colors.add": {
    role: "What the colour is for in the brand's designs",
  },
  "kit.colors.update": {
    id: "The colour to change; then change only what is wrong",
    role: "What the colour is for in the brand's designs",
  },
  "kit.colors.remove": {
    id: "The colour to take out of the kit",
  },
  "kit.typography.save": {
    id: "Leave it empty to add a typeface; choose one to change it",
    family: "As font menus name it, e.g. Inter",
    role: "e.g. heading or body",
    weights: "One per line (up to 12), e.g. 400 or 700 italic",
  },
  "kit.typography.remove": {
    id: "The typeface to take out of the kit",
  },
  "kit.logos.save": {
    assetId: "An approved file of the library; choosing one already in the kit changes it",
    name: "The logo's name people will see, e.g. Main logo",
    form: "e.g. horizontal, square or symbol",
    theme: "The background it is made for, e.g. light or dark",
    primary: "Ticked, it becomes the kit's one main logo",
  },
  "kit.logos.remove": {
    assetId: "The logo to take out of the kit; its file stays in the library",
  },
  "kit.instructions.update": {
    section: "Which part of the kit the text is about",
    text: "The whole text for that part; it replaces the current one, and an empty text removes it",
  },
  "brand.contacts.save": {
    type: "What kind of channel it is",
    value: "The web address, e-mail, phone number or profile link; phone numbers may be written as people dial them",
    label: "A short word shown with it, e.g. Support",
    id: "The channel to change or remove",
  },
  "library.asset.review": {
    decision: "Approve makes it usable by agents and for publishing; archive sets it aside",
  },
  "genome.entries.propose": {
    entries: "Up to 10; each waits for an admin's approval before it reaches the voice",
    kind: "How the brand sounds, a rule it keeps, a word to use or avoid, or a character it plays",
    value: "As the voice should carry it, e.g. Never promise delivery dates.",
    note: "Why, for the person who reviews it",
  },
  "genome.entries.review": {
    entryId: "A proposal to approve or reject, or an entry of the voice to retire",
    decision: "Approve or reject a proposal; retire an entry that is in the voice",
  },
  "memory.list": {
    subject: "Only what is about exactly this, e.g. Opening hours",
  },
  "memory.propose": {
    subject: "In a few words, e.g. Opening hours",
    statement: "What the brand's people and agents should know; an admin reviews it first",
  },
  "memory.review": {
    declarationId: "A declaration waiting for review",
    decision: "Accept puts it in the brand's memory; reject keeps it out",
  },
  "brand.policy.update": {
    agentsConfirmBy:
      "AI apps and MCP hosts people connected to the brand by signing in; personal API keys keep their owner's choice",
  },
};

/** by field, whatever the capability */
const FIELD_HELP: Record<string, string> = {
  hex: "A colour code such as #1D4ED8 (with or without #, any case)",
  name: "The name people will see",
  displayName: "The brand's name as people see it",
  countryCode: "Two letters for the country, e.g. FR for France, GB for the United Kingdom",
  city: "The city of the brand's main seat",
  organizationType: "What kind of organisation it is, e.g. shop, association",
  primaryLanguage: "The language the brand speaks first, e.g. fr, en or en-GB",
  question: "As the brand's people will read it",
  options: "Suggested answers, one per line (up to 6); people can always write their own",
  scope: "What the answer feeds: the brand's identity, its kit, or the work in progress",
  questionId: "The question to answer",
  action: "Answer it now, keep it for later, or dismiss it",
  answer: "Your answer (only when answering)",
  note: "Why, for the activity trail",
  assetId: "The file",
  query: "Words from the file's name",
  category: "The category it was filed under, e.g. logo",
  type: "The kind of file",
  connectionId: "The connection to disconnect",
  provider: "The service to connect; only those set up on this service are listed",
  includeCatalog: "Also show the services that can be connected",
  parts: "What to show; none ticked shows everything",
  limit: "How many to show at once",
  since: "Your own time zone",
  until: "Your own time zone",
};

export function helpFor(capabilityId: string, field: string): string | undefined {
  return wordsFor(CAPABILITY_HELP, capabilityId, field) ?? FIELD_HELP[field];
}
