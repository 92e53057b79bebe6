import { describe, expect, it } from "vitest";
import { z } from "zod";
import { decodeCursor, encodeCursor } from "../../lib/contract/cursor";
import { canonicalJson } from "../../lib/crypto";

const shape = z.object({ key: z.string() }).strict();

describe("cursors are opaque and tamper-evident", () => {
  it("round-trips a position", () => {
    const cursor = encodeCursor("brands.list", { key: "abc-1" });
    expect(decodeCursor("brands.list", cursor, shape)).toEqual({ key: "abc-1" });
    expect(cursor).not.toContain("abc-1");
  });

  it("refuses an altered, foreign or made-up cursor as invalid_input on field cursor", () => {
    const cursor = encodeCursor("brands.list", { key: "abc-1" });
    const [payload, signature] = cursor.split(".");
    const forged = Buffer.from(JSON.stringify({ key: "zzz-9" })).toString("base64url");
    for (const bad of [`${forged}.${signature}`, `${payload}.${signature}x`, "hello", `${payload}`, `${cursor}.x`]) {
      expect(() => decodeCursor("brands.list", bad, shape)).toThrow(
        expect.objectContaining({ code: "invalid_input", details: expect.objectContaining({ field: "cursor" }) }),
      );
    }
    // a cursor of another list does not work here
    expect(() => decodeCursor("questions.list", cursor, shape)).toThrow(
      expect.objectContaining({ code: "invalid_input" }),
    );
  });
});

describe("canonical JSON binds tokens to their input", () => {
  it("does not depend on key order, and drops undefined members", () => {
    expect(canonicalJson({ b: 1, a: { d: [1, { y: 2, x: 1 }], c: undefined } })).toBe(
      '{"a":{"d":[1,{"x":1,"y":2}]},"b":1}',
    );
    expect(canonicalJson({ a: 1, b: 2 })).toBe(canonicalJson({ b: 2, a: 1 }));
  });
});
