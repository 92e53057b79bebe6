// A refused call as the Activity page says it to people. The trail keeps the API's own message
// (integrators and tests read it over activity.list); a person reads the role in words instead of
// "questions.answer needs the member role in this brand; you are viewer".
import { valueInWords } from "./value-words";

const article = (role: string) => (/^[aeiou]/.test(role) ? `an ${role}` : `a ${role}`);

/** The badge: "Refused: not allowed for this role". */
export function refusalBadge(code: string | null): string {
  return code ? `Refused: ${valueInSentence(code)}` : "Refused";
}

/** What the row says under its title, or null when the code says it all. */
export function refusalInWords(code: string | null, message: string | null): string | null {
  const role = message && /needs the (\w+) role in this brand; you are (\w+)/.exec(message);
  if (role) return `Only ${article(role[1]!)} of the brand can do this; this person was ${article(role[2]!)}.`;
  if (code === "forbidden") return "This person had no access to this brand.";
  // these messages are written for people: what changed since, when and by whom, or why not
  if (code === "undo_conflict" || code === "undo_expired" || code === "not_undoable") return message;
  return null;
}

function valueInSentence(code: string): string {
  const words = valueInWords(code, "code");
  return words.charAt(0).toLowerCase() + words.slice(1);
}
