// The one vocabulary of words for people: pages, widgets and the capabilities' confirm summaries use it.
// The values of the service's lists (a question's scope, a colour's role, a connection's status)
// in words, for forms and cards alike. The value itself is what is sent and stored; this is only
// what a person reads. A value without an entry is still said in words ("pending_setup" → "Pending
// setup"), never as the machine spells it.

// by "field.value" where a value means different things in different fields, else by value
const WORDS: Record<string, string> = {
  // questions: what an answer feeds
  "scope.genome": "The brand's identity",
  "scope.brand_kit": "The brand kit",
  "scope.work": "Current work",
  "scope.all": "Everything",
  "action.answer": "Answer it now",
  "action.defer": "Keep it for later",
  "action.dismiss": "Dismiss it",
  // kit
  "role.unspecified": "No particular role",
  "role.foreground": "Text and foreground",
  colors: "Colours",
  typography: "Typography",
  logos: "Logos",
  instructions: "Instructions",
  imagery: "Imagery",
  general: "General",
  // contact channels and services
  email: "E-mail",
  instagram: "Instagram",
  facebook: "Facebook",
  pinterest: "Pinterest",
  whatsapp: "WhatsApp",
  linkedin: "LinkedIn",
  tiktok: "TikTok",
  youtube: "YouTube",
  x: "X",
  // activity
  "door.assistant": "Chat",
  "door.voice": "Voice",
  "door.mcp": "An AI app (MCP)",
  "door.api": "An integration (API key)",
  "outcome.done": "Done",
  "outcome.refused": "Refused",
  "outcome.replayed": "Done (a repeat)",
  "outcome.all": "Everything",
  // why a call was refused (its error code), after "Refused: "
  "code.forbidden": "not allowed for this role",
  "code.insufficient_scope": "the key does not cover this",
  "code.invalid_input": "something in the request was not right",
  "code.not_found": "nothing of the kind in this brand",
  "code.revision_conflict": "changed by someone in the meantime",
  "code.rate_limited": "too many requests at once",
  "code.brand_not_operational": "the brand was closed",
  "code.budget_exceeded": "the AI budget was used up",
  "code.unauthenticated": "not signed in",
  "code.undo_conflict": "changed again since",
  "code.undo_expired": "too late to undo",
  "code.not_undoable": "cannot be undone",
  "code.unavailable": "the service was unavailable",
  "code.internal": "an error on our side",
  // the genome: each kind of entry and its status
  "kind.voice": "Tone of voice",
  "kind.guardrail": "Guardrail",
  "kind.vocabulary_use": "Word to use",
  "kind.vocabulary_avoid": "Word to avoid",
  "kind.archetype": "Archetype",
  "status.proposed": "Waiting for review",
  "status.approved": "In the voice",
  "status.retired": "Retired",
  // who confirms the writes of agents signed in with OAuth (brand.policy.update)
  "agentsConfirmBy.person": "Always their person, in Brand Operations",
  "agentsConfirmBy.either": "As each connected app is set",
  // statuses
  pending_setup: "Not finished yet",
  connected: "Connected",
  disconnected: "Disconnected",
};

/** `valueInWords("brand_kit", "scope")` → "The brand kit"; `valueInWords("pending_setup")` → "Pending setup". */
export function valueInWords(value: string, field?: string): string {
  const known = (field && WORDS[`${field}.${value}`]) ?? WORDS[value];
  if (known) return known;
  const words = value
    .replace(/[_-]+/g, " ")
    .replace(/([a-z])([A-Z])/g, "$1 $2")
    .toLowerCase()
    .trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

/** A value inside a sentence: "colors" → "colours", "email" → "e-mail"; a service's name keeps its capitals. */
export function valueInSentence(value: string, field?: string): string {
  const words = valueInWords(value, field);
  return PROPER_NAMES.has(value) ? words : words.charAt(0).toLowerCase() + words.slice(1);
}

// services' own names keep their capitals inside a sentence
const PROPER_NAMES = new Set(["whatsapp", "instagram", "facebook", "linkedin", "tiktok", "x", "youtube", "pinterest"]);

/** A colour's role after "the colour …": "as accent", and "with no particular role" for unspecified. */
export function colorRolePhrase(role: string): string {
  return role === "unspecified" ? "with no particular role" : `as ${valueInSentence(role, "role")}`;
}

/** A kit section's usage text: "the colours usage text". */
export const sectionPhrase = (section: string) => `the ${valueInSentence(section)} usage text`;

/** A logo's form and background: "full" for "any" → "full, for any background". */
export function logoPhrase(form: string, theme: string): string {
  const background = theme === "any" ? "any background" : `${valueInSentence(theme)} backgrounds`;
  return `${valueInSentence(form)}, for ${background}`;
}
