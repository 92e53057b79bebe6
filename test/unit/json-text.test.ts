// The depth bound every route reads JSON bodies with (lib/http/json-text.ts): counted on the text,
// outside strings, before any parsing.
import { describe, expect, it } from "vitest";
import { MAX_JSON_DEPTH, parseJsonText } from "../../lib/http/json-text";

const nested = (depth: number, open = "[", close = "]") => `${open.repeat(depth)}${close.repeat(depth)}`;
const TOO_DEEP = { ok: false, message: `nests deeper than ${MAX_JSON_DEPTH} levels` };

describe("parseJsonText", () => {
  it("parses up to the bound, refuses one level more, arrays and objects alike", () => {
    expect(parseJsonText(nested(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parseJsonText(nested(MAX_JSON_DEPTH + 1))).toEqual(TOO_DEEP);
    const objects = (depth: number) => `${'{"a":'.repeat(depth - 1)}{}${"}".repeat(depth - 1)}`;
    expect(parseJsonText(objects(MAX_JSON_DEPTH)).ok).toBe(true);
    expect(parseJsonText(objects(MAX_JSON_DEPTH + 1))).toEqual(TOO_DEEP);
  });

  it("refuses 100,000 levels at once, closed or not, without a stack overflow", () => {
    expect(parseJsonText(nested(100_000))).toEqual(TOO_DEEP);
    expect(parseJsonText("[".repeat(100_000))).toEqual(TOO_DEEP);
    expect(parseJsonText(`{"redirect_uris":${nested(100_000)}}`)).toEqual(TOO_DEEP);
  });

  it("does not count brackets inside strings, escaped quotes included", () => {
    const text = JSON.stringify({ text: "[".repeat(1000), quoted: `\\"${"{".repeat(500)}"`, list: ["]]]", "\\\\[["] });
    expect(parseJsonText(text)).toEqual({ ok: true, value: JSON.parse(text) });
  });

  it("what is not JSON says so", () => {
    expect(parseJsonText("{")).toEqual({ ok: false, message: "is not valid JSON" });
    expect(parseJsonText("")).toEqual({ ok: false, message: "is not valid JSON" });
  });
});
