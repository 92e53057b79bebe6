// CONNECTION_PROVIDERS_FILE and the built-in providers' environment, validated: each mistake is
// reported with the entry and the field, so the person fixing the file knows where to look.
import { afterEach, describe, expect, it } from "vitest";
import { providerCatalog } from "../../lib/connections/catalog";
import { BUILT_IN_PROVIDERS } from "../../lib/connections/providers";
import { writeProvidersFile } from "../support/oauth-provider";

const good = {
  provider: "acme",
  name: "Acme",
  authorizationUrl: "https://acme.example/authorize",
  tokenUrl: "https://acme.example/token",
  clientId: "id",
  clientSecret: "secret",
  scopes: ["a", "b"],
};

const cleanups: (() => void)[] = [];
afterEach(() => {
  for (const cleanup of cleanups.splice(0)) cleanup();
});

function catalogWith(entries: unknown, env: Record<string, string> = {}) {
  const file = writeProvidersFile(entries);
  cleanups.push(file.remove);
  return providerCatalog({ CONNECTION_PROVIDERS_FILE: file.file, ...env });
}

describe("CONNECTION_PROVIDERS_FILE", () => {
  it("a valid entry is available, with the defaults of plain OAuth 2 (Basic client auth, space-separated scopes)", () => {
    const catalog = catalogWith([good]);
    expect(catalog.entries.find((entry) => entry.provider === "acme")).toMatchObject({ name: "Acme", available: true });
    expect(catalog.available("acme")).toMatchObject({
      ...good,
      clientAuth: "basic",
      scopeSeparator: " ",
      clientIdParam: "client_id",
      authorizationParams: {},
    });
  });

  it.each([
    ["a missing field", [{ ...good, tokenUrl: undefined }], /entry 1 \("acme"\): tokenUrl: /],
    [
      "a URL that is not https",
      [{ ...good, authorizationUrl: "http://acme.example/authorize" }],
      /entry 1 \("acme"\): authorizationUrl: must be an https URL/,
    ],
    [
      "a URL that is not a URL",
      [good, { ...good, provider: "two", revocationUrl: "revoke here" }],
      /entry 2 \("two"\): revocationUrl: /,
    ],
    ["an unknown field (a typo)", [{ ...good, scope: ["a"] }], /entry 1 \("acme"\): .*scope/],
    ["scopes not a list", [{ ...good, scopes: "a b" }], /entry 1 \("acme"\): scopes: /],
    ["a scope with a space", [{ ...good, scopes: ["a b"] }], /entry 1 \("acme"\): scopes\.0: /],
    ["an empty client secret", [{ ...good, clientSecret: "" }], /entry 1 \("acme"\): clientSecret: /],
    [
      "a provider key with upper case",
      [{ ...good, provider: "Acme" }],
      /entry 1 \("Acme"\): provider: must be 1 to 60 characters/,
    ],
    [
      "a provider listed twice",
      [good, { ...good, name: "Again" }],
      /entry 2 \("acme"\): provider: "acme" is listed twice/,
    ],
    ["an entry that is not an object", [good, "acme"], /entry 2: \(entry\): /],
    ["a file that is not a list", { providers: [good] }, /must be a JSON array of providers/],
    ["a file that is not JSON", "[{ provider: acme }]", /is not valid JSON/],
  ])("%s is refused naming where", (_name, entries, message) => {
    expect(() => catalogWith(entries)).toThrow(message);
    expect(() => catalogWith(entries)).toThrow(/^Invalid configuration: CONNECTION_PROVIDERS_FILE \(/);
  });

  it("a file that cannot be read is refused naming it", () => {
    expect(() => providerCatalog({ CONNECTION_PROVIDERS_FILE: "/nonexistent/providers.json" })).toThrow(
      /CONNECTION_PROVIDERS_FILE \(\/nonexistent\/providers\.json\) cannot be read/,
    );
  });

  it("http is accepted on this machine only (a local provider, tests)", () => {
    const local = {
      ...good,
      authorizationUrl: "http://127.0.0.1:9000/authorize",
      tokenUrl: "http://localhost:9000/token",
    };
    expect(catalogWith([local]).available("acme")?.tokenUrl).toBe("http://localhost:9000/token");
  });

  it("an entry with a built-in key replaces the built-in", () => {
    const catalog = catalogWith([{ ...good, provider: "linkedin", name: "LinkedIn via proxy" }]);
    expect(catalog.entries.filter((entry) => entry.provider === "linkedin")).toEqual([
      expect.objectContaining({ name: "LinkedIn via proxy", available: true }),
    ]);
  });
});

describe("built-in providers", () => {
  it("are available exactly when both halves of their OAuth client are set", () => {
    const catalog = providerCatalog({ GOOGLE_CLIENT_ID: "g-id", GOOGLE_CLIENT_SECRET: "g-secret" });
    const available = catalog.entries.filter((entry) => entry.available).map((entry) => entry.provider);
    expect(available.sort()).toEqual(["google_analytics", "youtube"]);
    expect(catalog.available("youtube")).toMatchObject({
      clientId: "g-id",
      clientSecret: "g-secret",
      tokenUrl: "https://oauth2.googleapis.com/token",
    });
    expect(catalog.available("linkedin")).toBeUndefined();
  });

  it("half a client is refused naming the missing variable", () => {
    expect(() => providerCatalog({ TIKTOK_CLIENT_SECRET: "s" })).toThrow(
      "TIKTOK_CLIENT_SECRET is set but TIKTOK_CLIENT_ID is not",
    );
  });

  it("use https endpoints only, and social, website and analytics providers are all there", () => {
    for (const provider of BUILT_IN_PROVIDERS) {
      for (const url of [provider.authorizationUrl, provider.tokenUrl, provider.revocationUrl, provider.userinfoUrl]) {
        if (url) expect(new URL(url).protocol, `${provider.provider} ${url}`).toBe("https:");
      }
    }
    expect(BUILT_IN_PROVIDERS.map((provider) => provider.provider)).toEqual(
      expect.arrayContaining([
        "linkedin",
        "facebook",
        "instagram",
        "x",
        "tiktok",
        "youtube",
        "pinterest",
        "wordpress",
        "google_analytics",
      ]),
    );
  });
});
