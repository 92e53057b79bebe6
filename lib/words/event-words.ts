// A webhook event's type in words for people (the delivery log): the catalogue's description up to
// its first clause, without the asides written for integrators ("(its secret is not part of the event)").
// The type itself stays what is sent and stored; it is offered to integrators as the words' title.

// types whose first clause still names the data (or that the catalogue does not list)
const OWN_WORDS: Record<string, string> = {
  "webhook.test": "Test event",
  "webhook.endpoint.tested": "Test event sent",
  "team.member.access_ended": "A member's time-boxed access ended",
  // the genome is "the brand voice" to people (components/widgets/genome.tsx)
  "genome.entry.proposed": "Entries of the brand voice were proposed",
  "genome.entry.approved": "A proposed entry of the brand voice was approved",
  "genome.entry.rejected": "A proposed entry of the brand voice was rejected",
  "genome.entry.retired": "An entry of the brand voice was retired",
};

/** `eventTypeInWords("kit.color.added", "A colour was added to the brand kit")` → "A colour was added to the brand kit". */
export function eventTypeInWords(type: string, description?: string): string {
  const own = OWN_WORDS[type];
  if (own) return own;
  const clause = description?.split(/[;:]| \(/)[0]?.trim();
  if (clause) return clause;
  // a type the catalogue does not know: its last parts, said as words ("kit.color.added" → "Kit color added")
  const words = type.replace(/[._]+/g, " ").trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
}
