// Words of a text as brand.check compares them: whole words, case folded, and reduced to their stem
// by the Snowball stemmer of the brand's primary language where Snowball has one, so "leverages"
// and "leveraging" meet an avoided "leverage". Without a stemmer, words are compared exactly.
import { newStemmer } from "snowball-stemmers";

/** BCP 47 primary subtag → Snowball algorithm (snowball-stemmers' list). */
const SNOWBALL: Record<string, string> = {
  ar: "arabic",
  hy: "armenian",
  eu: "basque",
  ca: "catalan",
  cs: "czech",
  da: "danish",
  nl: "dutch",
  en: "english",
  fi: "finnish",
  fr: "french",
  de: "german",
  hu: "hungarian",
  it: "italian",
  ga: "irish",
  no: "norwegian",
  nb: "norwegian",
  nn: "norwegian",
  pt: "portuguese",
  ro: "romanian",
  ru: "russian",
  es: "spanish",
  sl: "slovene",
  sv: "swedish",
  ta: "tamil",
  tr: "turkish",
};

export type Word = { start: number; end: number; key: string };
export type Matcher = { stemmer: string | null; words(text: string): Word[] };

const WORD = /[\p{L}\p{N}]+(?:['’-][\p{L}\p{N}]+)*/gu;

const cache = new Map<string, Matcher>();

/** The matcher for a language tag (null: no language known, so English's, the service's own). */
export function matcherFor(language: string | null): Matcher {
  const primary = (language ?? "en").split("-")[0]!.toLowerCase();
  const cached = cache.get(primary);
  if (cached) return cached;
  const algorithm = SNOWBALL[primary] ?? null;
  const stemmer = algorithm ? newStemmer(algorithm) : null;
  const seen = new Map<string, string>();
  const keyOf = (word: string): string => {
    const folded = word.toLocaleLowerCase(primary).replaceAll("’", "'");
    if (!stemmer) return folded;
    let stem = seen.get(folded);
    if (stem === undefined) {
      stem = stemmer.stem(folded);
      if (seen.size < 50_000) seen.set(folded, stem);
    }
    return stem;
  };
  const matcher: Matcher = {
    stemmer: algorithm,
    words: (text) =>
      Array.from(text.matchAll(WORD), (match) => ({
        start: match.index,
        end: match.index + match[0].length,
        key: keyOf(match[0]),
      })),
  };
  cache.set(primary, matcher);
  return matcher;
}

/** Where a phrase (one or more words) occurs in the text's words, as [first, last] word indexes. */
export function occurrences(textWords: readonly Word[], phrase: readonly Word[]): [number, number][] {
  if (phrase.length === 0) return [];
  const found: [number, number][] = [];
  for (let i = 0; i + phrase.length <= textWords.length; i++) {
    if (phrase.every((word, j) => textWords[i + j]!.key === word.key)) found.push([i, i + phrase.length - 1]);
  }
  return found;
}
