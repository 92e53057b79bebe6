// Tokens at rest (AES-256-GCM, key from APP_SECRET, bound to the record) and the signed state.
import { createHash } from "node:crypto";
import { describe, expect, it } from "vitest";
import { createPkce, signState, verifyState } from "../../lib/connections/state";
import { open, seal } from "../../lib/vault";

const secret = "a-test-secret-that-is-long-enough-0123456789";

describe("vault", () => {
  it("opens what it sealed, and sealing twice gives different ciphertexts (fresh IV)", () => {
    const a = seal("access-token-123", "connection:1", secret);
    const b = seal("access-token-123", "connection:1", secret);
    expect(a).not.toBe(b);
    expect(a).not.toContain("access-token-123");
    expect(open(a, "connection:1", secret)).toBe("access-token-123");
    expect(open(b, "connection:1", secret)).toBe("access-token-123");
  });

  it("refuses an altered ciphertext, another record's binding and another secret", () => {
    const sealed = seal("access-token-123", "connection:1", secret);
    const [version, iv, body, tag] = sealed.split(".") as [string, string, string, string];
    const flip = (text: string) => text.slice(0, 2) + (text[2] === "A" ? "B" : "A") + text.slice(3);
    for (const altered of [
      [version, iv, flip(body), tag],
      [version, flip(iv), body, tag],
      [version, iv, body, flip(tag)],
      ["v2", iv, body, tag],
    ]) {
      expect(() => open(altered.join("."), "connection:1", secret)).toThrow();
    }
    expect(() => open(sealed, "connection:2", secret)).toThrow();
    // a truncated tag is a prefix GCM would accept unless the tag length is fixed: 4 to 15 bytes all refused
    const fullTag = Buffer.from(tag, "base64url");
    for (const bytes of [4, 8, 12, 15]) {
      const short = [version, iv, body, fullTag.subarray(0, bytes).toString("base64url")].join(".");
      expect(() => open(short, "connection:1", secret), `${bytes}-byte tag`).toThrow();
    }
    expect(() => open(sealed, "connection:1", `${secret}-other`)).toThrow();
  });
});

describe("state", () => {
  it("verifies its own signature and nothing else", () => {
    const state = signState({ id: "s-1", provider: "linkedin" }, secret);
    expect(verifyState(state, secret)).toEqual({ id: "s-1", provider: "linkedin" });
    expect(verifyState(state, `${secret}-other`)).toBeUndefined();
    const [payload, signature] = state.split(".") as [string, string];
    const other = Buffer.from(JSON.stringify({ i: "s-1", p: "x" })).toString("base64url");
    expect(verifyState(`${other}.${signature}`, secret)).toBeUndefined();
    expect(verifyState(payload, secret)).toBeUndefined();
    expect(verifyState(`${state}.x`, secret)).toBeUndefined();
  });

  it("PKCE: a 43-character verifier and its S256 challenge (RFC 7636 §4.2)", () => {
    const { verifier, challenge } = createPkce();
    expect(verifier).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(challenge).toBe(createHash("sha256").update(verifier, "ascii").digest("base64url"));
    expect(createPkce().verifier).not.toBe(verifier);
  });
});
