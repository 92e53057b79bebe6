// After sign-in a person goes only to a path of this service (no open redirect).
import { describe, expect, it } from "vitest";
import { safeNextPath } from "../../lib/auth/next-path";

describe("safeNextPath", () => {
  it("keeps same-origin paths with their query and fragment", () => {
    expect(safeNextPath("/settings")).toBe("/settings");
    expect(safeNextPath("/?brand=NWC-1#chat")).toBe("/?brand=NWC-1#chat");
  });

  it.each([
    [null], [undefined], [""], ["settings"], ["https://evil.example/"], ["//evil.example/x"],
    ["/\\evil.example"], ["/\t/evil.example"], ["/\n/evil.example"], ["\\\\evil.example"], ["javascript:alert(1)"],
  ])("sends %j to /", (next) => {
    expect(safeNextPath(next as string | null | undefined)).toBe("/");
  });
});
