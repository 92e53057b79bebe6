import { describe, expect, it } from "vitest";
import { contrast, normalizeHex } from "../../lib/capabilities/kit/shared/color";

describe("HEX normalization", () => {
  it.each([
    ["#abc", "#AABBCC"],
    ["abc", "#AABBCC"],
    ["#A1b2C3", "#A1B2C3"],
    ["a1b2c3", "#A1B2C3"],
    [" #fff ", "#FFFFFF"],
  ])("%s becomes %s", (input, expected) => expect(normalizeHex(input)).toBe(expected));

  it.each(["", "#", "#ab", "#abcd", "#abcdeg", "12345", "#1234567", "rgb(0,0,0)"])("refuses %j", (input) => {
    expect(normalizeHex(input)).toBeUndefined();
  });
});

describe("WCAG 2.x contrast", () => {
  it("black and white are 21:1 apart and 1:1 with themselves", () => {
    expect(contrast("#000000")).toEqual({ onWhite: 21, onBlack: 1 });
    expect(contrast("#FFFFFF")).toEqual({ onWhite: 1, onBlack: 21 });
  });

  it("matches published reference values, rounded to 2 decimals", () => {
    expect(contrast("#777777").onWhite).toBe(4.48); // the classic 'just fails AA' grey
    expect(contrast("#767676").onWhite).toBe(4.54); // the lightest grey passing AA on white
    expect(contrast("#0000FF")).toEqual({ onWhite: 8.59, onBlack: 2.44 });
  });
});
