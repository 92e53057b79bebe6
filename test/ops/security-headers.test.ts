// Every page carries the security headers (lib/http/security-headers.ts through proxy.ts): no
// framing, a referrer policy, the microphone for this origin only; HSTS only with an https APP_URL.
import { afterAll, beforeAll, describe, expect, it, inject } from "vitest";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { baseUrl } from "../support/world";

const PAGES = ["/", "/sign-in", "/settings", "/docs", "/api/chat", "/no-such-page"];
let https: RunningServer;

beforeAll(async () => {
  // the same service said to be served at an https address (TLS ends in front of it)
  https = await startServer({ ...inject("testEnv"), APP_URL: "https://brand-ops.example" });
});
afterAll(() => https?.stop());

const get = (url: string) => fetch(url, { redirect: "manual" });

describe("security headers", () => {
  it.each(PAGES)(
    "%s: frame-ancestors 'none', X-Frame-Options DENY, referrer and permissions policies, no HSTS over http",
    async (page) => {
      const response = await get(`${baseUrl()}${page}`);
      expect(response.headers.get("content-security-policy")).toBe("frame-ancestors 'none'");
      expect(response.headers.get("x-frame-options")).toBe("DENY");
      expect(response.headers.get("referrer-policy")).toBe("no-referrer");
      expect(response.headers.get("permissions-policy")).toMatch(/(^|, )microphone=\(self\)(,|$)/);
      expect(response.headers.get("permissions-policy")).toMatch(/camera=\(\)/);
      expect(response.headers.get("strict-transport-security")).toBeNull();
    },
  );

  it("HSTS with an https APP_URL", async () => {
    for (const page of ["/sign-in", "/docs"]) {
      const response = await get(`${https.url}${page}`);
      expect(response.headers.get("strict-transport-security")).toBe("max-age=31536000; includeSubDomains");
    }
  });
});
