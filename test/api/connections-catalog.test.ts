// The provider catalog over HTTP: what is available depends on the service's configuration
// (built-in providers with their OAuth client in the environment, CONNECTION_PROVIDERS_FILE);
// bounds of the connections inputs; the admin-only rule; a wrong configuration stops the start.
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { providerUrlOf, signedInBrowser, writeProvidersFile } from "../support/oauth-provider";
import { db } from "../../lib/db/client";
import { setBrandStatus } from "../../lib/admin/commands";
import { call, expectError, expectOk, makeKey, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

let server: RunningServer;
let providers: ReturnType<typeof writeProvidersFile>;
let world: World;

const extra = {
  provider: "acme-social",
  name: "Acme Social",
  authorizationUrl: "https://auth.acme.example/oauth/authorize",
  tokenUrl: "https://auth.acme.example/oauth/token",
  clientId: "acme-client",
  clientSecret: "acme-secret",
  scopes: ["read", "write"],
};

beforeAll(async () => {
  providers = writeProvidersFile([extra]);
  server = await startServer({
    ...inject("testEnv"),
    CONNECTION_PROVIDERS_FILE: providers.file,
    LINKEDIN_CLIENT_ID: "li-client-id",
    LINKEDIN_CLIENT_SECRET: "li-client-secret",
  });
  world = await makeWorld();
});

afterAll(async () => {
  await server?.stop();
  providers?.remove();
});

const on = (url: string, capability: string, body: Record<string, unknown>, key = world.admin.key) =>
  call(capability, key, { brand: world.brand.shortId, ...body }, { url });
const catalogOf = async (url: string) => {
  const data = expectOk(await on(url, "connections.list", { includeCatalog: true }));
  return Object.fromEntries(
    (data.catalog as { provider: string; name: string; available: boolean }[]).map((entry) => [entry.provider, entry]),
  );
};

const BUILT_IN = [
  "linkedin",
  "facebook",
  "instagram",
  "x",
  "tiktok",
  "youtube",
  "pinterest",
  "wordpress",
  "google_analytics",
];

describe("catalog availability follows the configuration", () => {
  it("the suite's server (nothing configured) lists every built-in provider, none available", async () => {
    const catalog = await catalogOf(inject("baseUrl"));
    expect(Object.keys(catalog).sort()).toEqual([...BUILT_IN].sort());
    for (const provider of BUILT_IN)
      expect(catalog[provider]).toEqual({ provider, name: expect.any(String), available: false });
  });

  it("with LinkedIn's client and a providers file: linkedin and the file's provider are available, the rest not", async () => {
    const catalog = await catalogOf(server.url);
    expect(Object.keys(catalog).sort()).toEqual([...BUILT_IN, "acme-social"].sort());
    expect(catalog.linkedin).toEqual({ provider: "linkedin", name: "LinkedIn", available: true });
    expect(catalog["acme-social"]).toEqual({ provider: "acme-social", name: "Acme Social", available: true });
    for (const provider of BUILT_IN.filter((key) => key !== "linkedin"))
      expect(catalog[provider]!.available).toBe(false);
  });

  it("without includeCatalog there is no catalog member", async () => {
    const data = expectOk(await on(server.url, "connections.list", {}));
    expect(Object.keys(data)).toEqual(["items"]);
  });

  it("a configured built-in provider gives its real authorization endpoint with our client and PKCE", async () => {
    const data = expectOk(await on(server.url, "connections.connect", { provider: "LinkedIn" }));
    const url = new URL(
      await providerUrlOf(data.authorizationUrl, await signedInBrowser(server.url, world.admin.email)),
    );
    expect(`${url.origin}${url.pathname}`).toBe("https://www.linkedin.com/oauth/v2/authorization");
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: "code",
      client_id: "li-client-id",
      redirect_uri: `${server.url}/api/connections/callback`,
      scope: "openid profile email w_member_social",
      code_challenge_method: "S256",
    });
    expect(url.searchParams.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(url.href).not.toContain("li-client-secret");
  });

  it("a provider of the file gives its own endpoint", async () => {
    const data = expectOk(await on(server.url, "connections.connect", { provider: "acme-social" }));
    const providerUrl = await providerUrlOf(
      data.authorizationUrl,
      await signedInBrowser(server.url, world.admin.email),
    );
    expect(providerUrl.startsWith("https://auth.acme.example/oauth/authorize?")).toBe(true);
    expect(new URL(providerUrl).searchParams.get("scope")).toBe("read write");
  });

  it("a provider's name as people write it is taken for its key; a name that fits none is refused with the names", async () => {
    for (const provider of ["Acme Social", "acme social", "ACME_SOCIAL"]) {
      const data = expectOk(await on(server.url, "connections.connect", { provider }));
      const providerUrl = await providerUrlOf(
        data.authorizationUrl,
        await signedInBrowser(server.url, world.admin.email),
      );
      expect(providerUrl.startsWith("https://auth.acme.example/oauth/authorize?")).toBe(true);
    }
    const error = expectError(
      await on(server.url, "connections.connect", { provider: "Acme Socal" }),
      422,
      "invalid_input",
    );
    expect(error).toMatchObject({ field: "provider", reason: "unknown_provider" });
    expect(error.message).toContain(
      '"acme socal" is not a service that can be connected here; choose one of: LinkedIn, ',
    );
    expect(error.message).toContain("Acme Social");
  });

  it("a provider in the catalog but not configured is 422 invalid_input on provider (reason not_available)", async () => {
    for (const [url, provider] of [
      [inject("baseUrl"), "linkedin"],
      [server.url, "facebook"],
    ] as const) {
      const error = expectError(await on(url, "connections.connect", { provider }), 422, "invalid_input");
      expect(error).toMatchObject({ field: "provider", reason: "not_available" });
    }
  });

  it("a provider not in the catalog is 422 invalid_input on provider (reason unknown_provider), and nothing is created", async () => {
    const before = expectOk(await on(server.url, "connections.list", {})).items.length;
    for (const provider of ["myspace", "acme"]) {
      const error = expectError(await on(server.url, "connections.connect", { provider }), 422, "invalid_input");
      expect(error).toMatchObject({ field: "provider", reason: "unknown_provider" });
    }
    expect(expectOk(await on(server.url, "connections.list", {})).items.length).toBe(before);
  });
});

describe("bounds of the inputs", () => {
  it.each([
    ["connections.connect", { provider: "" }, "provider"],
    ["connections.connect", { provider: "   " }, "provider"],
    ["connections.connect", { provider: "p".repeat(61) }, "provider"],
    ["connections.connect", { provider: 42 }, "provider"],
    ["connections.connect", {}, "provider"],
    ["connections.connect", { provider: "linkedin", scopes: ["all"] }, "scopes"],
    ["connections.disconnect", { connectionId: "not-a-uuid" }, "connectionId"],
    ["connections.disconnect", {}, "connectionId"],
    ["connections.list", { includeCatalog: "yes" }, "includeCatalog"],
    ["connections.list", { includeCatalog: true, limit: 5 }, "limit"],
  ])("%s %j is 422 on %s", async (capability, input, field) => {
    const error = expectError(await on(server.url, capability, input), 422, "invalid_input");
    expect(error.field).toBe(field);
  });

  it("60 characters pass the bound (then the catalog decides)", async () => {
    const error = expectError(
      await on(server.url, "connections.connect", { provider: "p".repeat(60) }),
      422,
      "invalid_input",
    );
    expect(error.reason).toBe("unknown_provider");
  });
});

describe("admin only (from the registry through the pipeline)", () => {
  it("a member is 403 forbidden on connect, list and disconnect; the admin is not", async () => {
    for (const [capability, input] of [
      ["connections.list", {}],
      ["connections.connect", { provider: "linkedin" }],
      ["connections.disconnect", { connectionId: "3b241101-e2bb-4255-8caf-4136c566a962" }],
    ] as const) {
      expectError(await on(server.url, capability, input, world.member.key), 403, "forbidden");
    }
    expect((await on(server.url, "connections.list", {})).status).toBe(200);
  });
});

describe("order of checks for connections", () => {
  it("4 before 5: a key without connections.write and bad input is 403 naming the scope", async () => {
    const key = (await makeKey(world.admin.email, { scopes: "connections.read" })).key;
    const error = expectError(
      await on(server.url, "connections.connect", { provider: "" }, key),
      403,
      "insufficient_scope",
    );
    expect(error.scope).toBe("connections.write");
  });

  it("5 before 6: a member with an out-of-bounds provider is 422", async () => {
    expectError(
      await on(server.url, "connections.connect", { provider: "p".repeat(61) }, world.member.key),
      422,
      "invalid_input",
    );
  });

  it("6 before 10: a member with a provider not in the catalog is 403, not 422", async () => {
    expectError(
      await on(server.url, "connections.connect", { provider: "myspace" }, world.member.key),
      403,
      "forbidden",
    );
  });

  it("7 before 9 and 10: a closed brand is 409 brand_not_operational for connect and disconnect, and no token is issued", async () => {
    const closed = await makeWorld();
    await setBrandStatus(db(), { brand: closed.brand.shortId, status: "closed" });
    const at = (capability: string, body: Record<string, unknown>) =>
      call(capability, closed.admin.key, { brand: closed.brand.shortId, ...body }, { url: server.url });
    expectError(await at("connections.connect", { provider: "myspace" }), 409, "brand_not_operational");
    expectError(await at("connections.connect", { provider: "linkedin" }), 409, "brand_not_operational");
    const disconnect = expectError(
      await at("connections.disconnect", { connectionId: "3b241101-e2bb-4255-8caf-4136c566a962" }),
      409,
      "brand_not_operational",
    );
    expect(disconnect.confirmationToken).toBeUndefined();
    // reads stay open
    expect((await at("connections.list", {})).status).toBe(200);
  });

  it("brand.overview lists the connections capabilities by role and scope", async () => {
    const overview = async (key: string) =>
      expectOk(await on(server.url, "brand.overview", {}, key)).capabilities as string[];
    expect(await overview(world.admin.key)).toEqual(
      expect.arrayContaining(["connections.list", "connections.connect", "connections.disconnect"]),
    );
    expect((await overview(world.member.key)).filter((id) => id.startsWith("connections."))).toEqual([]);
    const readOnly = (await makeKey(world.admin.email, { scopes: "brand.read,connections.read" })).key;
    expect((await overview(readOnly)).filter((id) => id.startsWith("connections."))).toEqual(["connections.list"]);
  });
});

describe("a wrong configuration stops the start with a sentence naming it", () => {
  const startWith = async (env: Record<string, string>) => {
    const started = startServer({ ...inject("testEnv"), ...env });
    await expect(started).rejects.toThrow(/server exited early/);
    // the service logs JSON lines (lib/log.ts): the sentence is the msg of its fatal line
    return started.catch((error: Error) =>
      error.message
        .split("\n")
        .filter((line) => line.startsWith("{"))
        .map((line) => JSON.parse(line).msg)
        .join("\n"),
    );
  };

  it("a providers file entry with a bad field names the entry and the field", async () => {
    const file = writeProvidersFile([
      extra,
      { ...extra, provider: "broken", tokenUrl: "http://auth.acme.example/token" },
    ]);
    try {
      const message = await startWith({ CONNECTION_PROVIDERS_FILE: file.file });
      expect(message).toContain(
        `CONNECTION_PROVIDERS_FILE (${file.file}), entry 2 ("broken"): tokenUrl: must be an https URL`,
      );
    } finally {
      file.remove();
    }
  });

  it("a built-in provider with only half of its OAuth client", async () => {
    const message = await startWith({ X_CLIENT_ID: "x-client" });
    expect(message).toContain("X_CLIENT_ID is set but X_CLIENT_SECRET is not");
  });
});
