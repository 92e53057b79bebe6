// After sign-in a person goes only to a path of this service (no open redirect).
import { describe, expect, it } from "vitest";
import { safeNextPath } from "../../lib/auth/next-path";

describe("safeNextPath", () => {
  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeNextPath("/settings")).toBe("/settings");
    expect(safeNextPath("/?brand=NWC-1#chat")).toBe("/?brand=NWC-1#chat");
  });

  it.each([
    [null],
    [undefined],
    [""],
    ["settings"],
    ["https://evil.example/"],
    ["//evil.example/x"],
    ["/\\evil.example"],
    ["/\t/evil.example"],
    ["/\n/evil.example"],
    ["\\\\evil.example"],
    ["javascript:alert(1)"],
    // dot segments that resolve to a protocol-relative path (the reviewed defect), raw and encoded
    ["/.//evil.example/x"],
    ["/%2e//evil.example/x"],
    ["/%2E//evil.example"],
    ["/a/..//evil.example"],
    ["/./\\evil.example"],
    ["/%2e%2e//evil.example"],
    ["/x/%2e%2e//evil.example"],
    ["/\t.//evil.example"],
    ["/\r\n//evil.example"],
    ["http://evil.example"],
    ["HTTPS://evil.example"],
    ["javascript://%0aalert(1)"],
  ])("sends %j to /", (next) => {
    expect(safeNextPath(next as string | null | undefined)).toBe("/");
  });

  it.each([["/.%2F/evil.example"], ["/%5c/evil.example"], ["/%09/evil.example"], ["/%2F%2Fevil.example"]])(
    "keeps %j: still encoded, a path on this origin (a browser does not decode it into a host)",
    (next) => {
      expect(safeNextPath(next)).toBe(next);
    },
  );

  it("whatever comes in, what comes out resolves on this origin and starts with exactly one slash", () => {
    const pieces = [
      "/",
      "//",
      "\\",
      ".",
      "..",
      "%2e",
      "%2E",
      "%2f",
      "%5c",
      "\t",
      "\n",
      "evil.example",
      "@",
      ":",
      "?",
      "#",
    ];
    for (let i = 0; i < 5000; i++) {
      const next = `/${Array.from({ length: 1 + (i % 6) }, (_, j) => pieces[(i * 7 + j * 13) % pieces.length]).join("")}`;
      const out = safeNextPath(next);
      expect(out, next).toMatch(/^\/(?![/\\])/);
      expect(new URL(out, "https://app.example").origin, next).toBe("https://app.example");
    }
  });
});
