// The token refresh helper (lib/connections/refresh.ts) against a real OAuth server: an expired
// access token is refreshed and stored sealed; a refresh the provider refuses with invalid_grant
// turns the connection needs_attention (seen through connections.list); a provider that is down
// or a client the provider rejects changes nothing.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Events } from "oauth2-mock-server";
import { db } from "../../lib/db/client";
import { addMember } from "../../lib/admin/commands";
import { GrantNotUsable, refreshConnection, usableAccessToken } from "../../lib/connections/refresh";
import { ProviderError } from "../../lib/connections/oauth-client";
import { openTokens, sealTokens, type ProviderTokens } from "../../lib/connections/tokens";
import { freePort } from "../../scripts/support/start-server";
import { startMockProvider, writeProvidersFile, type MockProvider } from "../support/oauth-provider";
import { call, expectOk, makeBrand, makeKey, makePerson } from "../support/world";

let mock: MockProvider;
let providers: ReturnType<typeof writeProvidersFile>;
let brand: { id: string; shortId: string };
let adminKey: string;
const previousFile = process.env.CONNECTION_PROVIDERS_FILE;

beforeAll(async () => {
  mock = await startMockProvider();
  providers = writeProvidersFile([
    mock.entry("refreshable"),
    mock.entry("unreachable", { tokenUrl: `http://127.0.0.1:${await freePort()}/token` }),
  ]);
  // this process runs the helper itself, with the catalog of that file
  process.env.CONNECTION_PROVIDERS_FILE = providers.file;
  brand = await makeBrand();
  const admin = await makePerson();
  await addMember(db(), { brand: brand.shortId, email: admin.email, role: "admin" });
  adminKey = (await makeKey(admin.email)).key;
});

afterAll(async () => {
  if (previousFile === undefined) delete process.env.CONNECTION_PROVIDERS_FILE;
  else process.env.CONNECTION_PROVIDERS_FILE = previousFile;
  await mock?.stop();
  providers?.remove();
});

const HOUR = 3_600_000;

async function connected(tokens: ProviderTokens, provider = "refreshable") {
  const id = randomUUID();
  await db().connection.create({
    data: {
      id,
      brandId: brand.id,
      provider,
      account: "someone",
      status: "connected",
      tokensEncrypted: sealTokens(tokens, id),
      connectedAt: new Date(),
    },
  });
  return id;
}

const row = (id: string) => db().connection.findUniqueOrThrow({ where: { id } });
const statusInList = async (id: string) =>
  expectOk(await call("connections.list", adminKey, { brand: brand.shortId })).items.find(
    (item: { id: string }) => item.id === id,
  )?.status;

describe("refreshing a connection's grant", () => {
  it("a token that has not expired is used as it is: no call to the provider", async () => {
    const id = await connected({
      accessToken: "still-good",
      refreshToken: "r-1",
      expiresAt: new Date(Date.now() + HOUR).toISOString(),
    });
    const requests = mock.tokenRequests.length;
    expect(await usableAccessToken(db(), id)).toBe("still-good");
    expect(mock.tokenRequests.length).toBe(requests);
  });

  it("an expired token is refreshed with the stored refresh token; the new tokens are stored sealed", async () => {
    const id = await connected({
      accessToken: "expired",
      refreshToken: "r-2",
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    const before = (await row(id)).tokensEncrypted;
    const token = await usableAccessToken(db(), id);

    const request = mock.tokenRequests.at(-1)!;
    expect(request.body).toMatchObject({ grant_type: "refresh_token", refresh_token: "r-2" });
    expect(request.authorization).toBe(
      `Basic ${Buffer.from("client-refreshable:secret-refreshable").toString("base64")}`,
    );
    const issued = mock.tokenResponses.at(-1)! as { access_token: string; refresh_token?: string };
    expect(token).toBe(issued.access_token);

    const after = await row(id);
    expect(after.status).toBe("connected");
    expect(after.tokensEncrypted).not.toBe(before);
    expect(after.tokensEncrypted).not.toContain(issued.access_token);
    const stored = openTokens(after.tokensEncrypted!, id);
    expect(stored.accessToken).toBe(issued.access_token);
    expect(stored.refreshToken).toBe(issued.refresh_token ?? "r-2");
    expect(Date.parse(stored.expiresAt!)).toBeGreaterThan(Date.now());
    expect(await statusInList(id)).toBe("connected");
  });

  it("a refresh refused with invalid_grant sets needs_attention and drops the dead tokens", async () => {
    const id = await connected({
      accessToken: "expired",
      refreshToken: "revoked-at-provider",
      expiresAt: new Date(Date.now() - 1000).toISOString(),
    });
    mock.server.service.once(Events.BeforeResponse, (response) => {
      response.statusCode = 400;
      response.body = { error: "invalid_grant", error_description: "The refresh token was revoked" };
    });
    await expect(usableAccessToken(db(), id)).rejects.toBeInstanceOf(GrantNotUsable);
    expect(await row(id)).toMatchObject({ status: "needs_attention", tokensEncrypted: null });
    expect(await statusInList(id)).toBe("needs_attention");
    // and it stays so: nothing more is asked of the provider
    const requests = mock.tokenRequests.length;
    await expect(usableAccessToken(db(), id)).rejects.toBeInstanceOf(GrantNotUsable);
    expect(mock.tokenRequests.length).toBe(requests);
  });

  it("an expired token without a refresh token needs attention too", async () => {
    const id = await connected({ accessToken: "expired", expiresAt: new Date(Date.now() - 1000).toISOString() });
    await expect(usableAccessToken(db(), id)).rejects.toBeInstanceOf(GrantNotUsable);
    expect((await row(id)).status).toBe("needs_attention");
  });

  it("a provider that is down changes nothing (the grant may still be fine)", async () => {
    const id = await connected(
      { accessToken: "expired", refreshToken: "r-3", expiresAt: new Date(Date.now() - 1000).toISOString() },
      "unreachable",
    );
    const before = await row(id);
    await expect(usableAccessToken(db(), id)).rejects.toBeInstanceOf(ProviderError);
    expect(await row(id)).toEqual(before);
  });

  it("a client the provider rejects (invalid_client: our configuration) changes nothing", async () => {
    const id = await connected({ accessToken: "good-for-now", refreshToken: "r-4" });
    mock.server.service.once(Events.BeforeResponse, (response) => {
      response.statusCode = 401;
      response.body = { error: "invalid_client" };
    });
    const before = await row(id);
    await expect(refreshConnection(db(), id, { force: true })).rejects.toMatchObject({
      name: "ProviderError",
      error: "invalid_client",
    });
    expect(await row(id)).toEqual(before);
    expect(await statusInList(id)).toBe("connected");
  });
});
