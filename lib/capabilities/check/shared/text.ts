// brand.check's checks of a text that need no model: the voice's words to avoid, the words it
// offers instead, and the brand's name written as its profile writes it.
import { excerptOf, type Finding } from "./shape";
import { type Matcher, occurrences, type Word } from "./words";

export type VoiceEntry = { id: string; kind: string; value: string };

/**
 * An avoided word and what to say instead, read from how people write them in the genome: on the
 * avoided entry ("artisanal → small-batch", "artisanal (say small-batch)") or on an entry to use
 * ("small-batch instead of artisanal", "small-batch, not artisanal", "small-batch (not artisanal)").
 */
const AVOID_WITH_ALTERNATIVE = /^(.+?)\s*(?:→|->|=>|\(\s*(?:say|use)\s+(.+?)\s*\))\s*(.*)$/iu;
const USE_INSTEAD_OF = /^(.+?)\s*(?:,?\s+instead of\s+|,\s*not\s+|\(\s*not\s+)(.+?)\)?\s*$/iu;

type Avoided = { entry: VoiceEntry; phrase: string; words: Word[]; alternative?: string };

function avoidedOf(entries: readonly VoiceEntry[], matcher: Matcher): Avoided[] {
  const uses = entries
    .filter((entry) => entry.kind === "vocabulary_use")
    .flatMap((entry) => {
      const match = USE_INSTEAD_OF.exec(entry.value.trim());
      return match ? [{ use: match[1]!.trim(), instead: matcher.words(match[2]!) }] : [];
    });
  return entries
    .filter((entry) => entry.kind === "vocabulary_avoid")
    .map((entry) => {
      const match = AVOID_WITH_ALTERNATIVE.exec(entry.value.trim());
      const phrase = (match ? match[1]! : entry.value).trim();
      const words = matcher.words(phrase);
      const written = match ? (match[2] ?? match[3])?.trim() : undefined;
      const paired = uses.find(
        (use) => use.instead.length === words.length && use.instead.every((w, i) => w.key === words[i]!.key),
      );
      return { entry, phrase, words, alternative: written || paired?.use };
    })
    .filter((avoided) => avoided.words.length > 0);
}

/** Most findings one avoided word gives, so a long text repeating it stays readable. */
const HITS_PER_WORD = 5;

export function vocabularyFindings(text: string, entries: readonly VoiceEntry[], matcher: Matcher): Finding[] {
  const words = matcher.words(text);
  const hitsInText: { at: number; finding: Finding }[] = [];
  for (const avoided of avoidedOf(entries, matcher)) {
    const hits = occurrences(words, avoided.words);
    for (const [first, last] of hits.slice(0, HITS_PER_WORD)) {
      const written = text.slice(words[first]!.start, words[last]!.end);
      hitsInText.push({
        at: words[first]!.start,
        finding: {
          severity: "warning",
          rule: { kind: "vocabulary_avoid", ref: avoided.entry.id },
          message:
            `“${written}” is on the brand's list of words to avoid` +
            (written.toLowerCase() === avoided.phrase.toLowerCase() ? "" : ` (“${avoided.phrase}”)`) +
            (hits.length > HITS_PER_WORD && first === hits[0]![0] ? `; it appears ${hits.length} times` : "") +
            ".",
          excerpt: excerptOf(text, words[first]!.start, words[last]!.end),
          ...(avoided.alternative ? { suggestion: `Write “${avoided.alternative}” instead.` } : {}),
        },
      });
    }
  }
  // in the order a reader meets them
  const findings = hitsInText.sort((a, b) => a.at - b.at).map((hit) => hit.finding);
  const used = entries.filter((entry) => {
    if (entry.kind !== "vocabulary_use") return false;
    const phrase = USE_INSTEAD_OF.exec(entry.value.trim())?.[1] ?? entry.value;
    return occurrences(words, matcher.words(phrase)).length > 0;
  });
  if (used.length > 0) {
    findings.push({
      severity: "info",
      rule: { kind: "vocabulary_use", ref: used[0]!.id },
      message: `Uses the brand's own words: ${used.map((entry) => `“${entry.value}”`).join(", ")}.`,
    });
  }
  return findings;
}

const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The brand's name anywhere in the text, however spaced or cased; each spelling that differs is a warning. */
export function brandNameFindings(text: string, name: string): Finding[] {
  const parts = name
    .trim()
    .split(/[\s\-_]+/u)
    .filter(Boolean);
  if (parts.length === 0) return [];
  const pattern = new RegExp(
    `(?<![\\p{L}\\p{N}])${parts.map(escapeRegExp).join("[\\s\\-_]*")}(?![\\p{L}\\p{N}])`,
    "giu",
  );
  const findings: Finding[] = [];
  for (const match of text.matchAll(pattern)) {
    if (match[0] === name) continue;
    findings.push({
      severity: "warning",
      rule: { kind: "brand_name" },
      message: `The brand's name is written “${match[0]}”; its profile writes it “${name}”.`,
      excerpt: excerptOf(text, match.index, match.index + match[0].length),
      suggestion: `Write “${name}”.`,
    });
    if (findings.length === HITS_PER_WORD) break;
  }
  return findings;
}
