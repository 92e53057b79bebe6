// JSON text as every route reads a body: parsed only when it nests at most MAX_JSON_DEPTH levels.
// JSON.parse itself copes with any depth, but what handles the value next recurses (JSON.stringify,
// schema validation, canonical hashing), and a body of 100,000 "[" overflowed the stack there: a
// 500, or a "Maximum call stack size exceeded" passed on as a message. Nothing this service accepts
// nests deeper than a dozen levels, so the bound is checked on the text, before any parsing.

export const MAX_JSON_DEPTH = 64;

export type JsonText = { ok: true; value: unknown } | { ok: false; message: string };

/** The parsed value, or why not, as the end of a sentence about the body ("body: …"). */
export function parseJsonText(text: string): JsonText {
  const tooDeep = depthProblem(text);
  if (tooDeep) return { ok: false, message: tooDeep };
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return { ok: false, message: "is not valid JSON" };
  }
}

/** For bodies another parser reads (better-auth's): why the text may not be parsed, or undefined. */
export function depthProblem(text: string): string | undefined {
  return nestsTooDeep(text) ? `nests deeper than ${MAX_JSON_DEPTH} levels` : undefined;
}

/** One pass over the text, counting brackets outside strings; text that is not JSON fails to parse anyway. */
function nestsTooDeep(text: string): boolean {
  let depth = 0;
  let inString = false;
  for (let index = 0; index < text.length; index++) {
    const char = text.charCodeAt(index);
    if (inString) {
      if (char === 0x5c)
        index++; // a backslash escapes the next character, a quote included
      else if (char === 0x22) inString = false;
    } else if (char === 0x22) {
      inString = true;
    } else if (char === 0x5b || char === 0x7b) {
      if (++depth > MAX_JSON_DEPTH) return true;
    } else if (char === 0x5d || char === 0x7d) {
      depth--;
    }
  }
  return false;
}
