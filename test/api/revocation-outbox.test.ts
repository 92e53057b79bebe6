// Provider revocations after a disconnect are kept in an outbox until the provider settles them
// (lib/connections/revocation-outbox.ts): a real OAuth 2 server (oauth2-mock-server) that fails,
// recovers, refuses for good, or is not there at all; our own server runs its background loop
// every second with a first retry after one second.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Events } from "oauth2-mock-server";
import { db } from "../../lib/db/client";
import { resetConfigForTests } from "../../lib/config";
import { freePort, startServer, type RunningServer } from "../../scripts/support/start-server";
import {
  expectPage,
  openPage,
  signedInBrowser,
  startMockProvider,
  stateIdOf,
  visitProvider,
  writeProvidersFile,
  type MockProvider,
} from "../support/oauth-provider";
import { call, expectError, expectOk, makeWorld } from "../support/world";

let mock: MockProvider;
let server: RunningServer;
let providers: ReturnType<typeof writeProvidersFile>;
let world: Awaited<ReturnType<typeof makeWorld>>;
/** the admin's signed-in browser, which opens the admin's connection links */
let browser: string;
/** what the mock answers to each revocation, in order (then 200) */
let answers: number[] = [];

beforeAll(async () => {
  mock = await startMockProvider();
  const closedPort = await freePort();
  providers = writeProvidersFile([
    mock.entry("outboxmock"),
    mock.entry("outboxdown", { revocationUrl: `http://127.0.0.1:${closedPort}/revoke` }),
  ]);
  mock.server.service.on(Events.BeforeRevoke, (revokeResponse) => {
    const status = answers.shift();
    if (status) {
      revokeResponse.statusCode = status;
      revokeResponse.body = status === 400 ? { error: "unsupported_token_type" } : "";
    }
  });
  server = await startServer({
    ...inject("testEnv"),
    CONNECTION_PROVIDERS_FILE: providers.file,
    BACKGROUND_INTERVAL_SECONDS: "1",
    REVOCATION_RETRY_SECONDS: "1",
    REVOCATION_MAX_ATTEMPTS: "3",
  });
  world = await makeWorld();
  browser = await signedInBrowser(server.url, world.admin.email);
  // this process claims and sends revocations too (the race case), with the same providers
  process.env.CONNECTION_PROVIDERS_FILE = providers.file;
  resetConfigForTests();
});

afterAll(async () => {
  await server?.stop();
  await mock?.stop();
  providers?.remove();
});

const asAdmin = (capability: string, body: Record<string, unknown> = {}) =>
  call(capability, world.admin.key, { brand: world.brand.shortId, ...body }, { url: server.url });

async function connected(provider: string): Promise<string> {
  const link = expectOk(await asAdmin("connections.connect", { provider })) as { authorizationUrl: string };
  expectPage(await openPage(await visitProvider(link.authorizationUrl, browser), browser), 200, "connected");
  return (await db().oAuthState.findUniqueOrThrow({ where: { id: stateIdOf(link.authorizationUrl) } })).connectionId;
}

async function disconnect(connectionId: string) {
  const first = expectError(await asAdmin("connections.disconnect", { connectionId }), 409, "confirmation_required");
  expectOk(await asAdmin("connections.disconnect", { connectionId, confirmationToken: first.confirmationToken }));
  return db().revocationOutbox.findFirstOrThrow({ where: { connectionId } });
}

const outboxRow = (id: string) => db().revocationOutbox.findUniqueOrThrow({ where: { id } });
const settled = (id: string, timeout = 15_000) =>
  expect.poll(async () => (await outboxRow(id)).status, { timeout, interval: 200 }).not.toBe("pending");

describe("revocations owed after a disconnect", () => {
  it("a provider that fails twice (503) is retried with back-off until it accepts; the log says each step", async () => {
    const connectionId = await connected("outboxmock");
    const issued = mock.tokenResponses.at(-1)! as { refresh_token: string };
    const before = (await mock.revocations()).length;
    answers = [503, 503];
    const row = await disconnect(connectionId);
    // written with the disconnect, the grant sealed (never in clear), tried once right after
    expect(row.tokensEncrypted).not.toContain(issued.refresh_token);
    expect(row).toMatchObject({ status: "pending", attempts: 1, lastError: expect.stringContaining("503") });
    expect(await db().connection.findUniqueOrThrow({ where: { id: connectionId } })).toMatchObject({
      status: "disconnected",
      tokensEncrypted: null,
    });
    await settled(row.id);
    expect(await outboxRow(row.id)).toMatchObject({ status: "revoked", attempts: 3, tokensEncrypted: null });
    const revocations = (await mock.revocations()).slice(before);
    expect(revocations.map((entry) => entry.body)).toEqual(
      Array(3).fill({ token: issued.refresh_token, token_type_hint: "refresh_token" }),
    );
    expect(server.output()).toContain(
      `connection ${connectionId} disconnected, but revoking its grant at Mock outboxmock failed: Mock outboxmock answered 503 to the revocation; retrying in 1 s (attempt 1 of 3)`,
    );
    expect(server.output()).toContain("retrying in 2 s (attempt 2 of 3)");
    expect(server.output()).toContain(`connection ${connectionId}: grant revoked at Mock outboxmock`);
  });

  it("a provider that refuses for good (400) is not asked again, and the grant is deleted", async () => {
    const connectionId = await connected("outboxmock");
    const before = (await mock.revocations()).length;
    answers = [400];
    const row = await disconnect(connectionId);
    expect(await outboxRow(row.id)).toMatchObject({ status: "refused", attempts: 1, tokensEncrypted: null });
    // three background rounds later, still one request
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect((await mock.revocations()).length - before).toBe(1);
    expect(server.output()).toContain(
      `connection ${connectionId} disconnected, but revoking its grant at Mock outboxmock failed: Mock outboxmock answered 400 to the revocation; the provider refused it for good, not retried`,
    );
  });

  it("a provider that stays down is given up after REVOCATION_MAX_ATTEMPTS, loudly", async () => {
    const connectionId = await connected("outboxmock");
    // the grant was issued by the mock; the revocation goes to a port where nothing listens
    await db().connection.update({ where: { id: connectionId }, data: { provider: "outboxdown" } });
    const row = await disconnect(connectionId);
    await settled(row.id);
    expect(await outboxRow(row.id)).toMatchObject({ status: "abandoned", attempts: 3, tokensEncrypted: null });
    expect(server.output()).toContain(`revoking its grant at Mock outboxdown failed`);
    expect(server.output()).toMatch(
      new RegExp(
        `connection ${connectionId} disconnected, but revoking its grant at Mock outboxdown failed: .*; given up after 3 attempts`,
      ),
    );
  });

  it("one attempt at a time: two instances draining together send each revocation once", async () => {
    const { attemptRevocation } = await import("../../lib/connections/revocation-outbox");
    const connectionId = await connected("outboxmock");
    answers = [503];
    const row = await disconnect(connectionId);
    expect(row.attempts).toBe(1);
    // due now; this process and the server's loop race for it, and so do these two calls
    await db().revocationOutbox.update({ where: { id: row.id }, data: { nextAttemptAt: new Date(Date.now() - 1000) } });
    const before = (await mock.revocations()).length;
    const outcomes = await Promise.all([attemptRevocation(row.id), attemptRevocation(row.id)]);
    expect(outcomes.filter((outcome) => outcome === "not_claimed").length).toBeGreaterThanOrEqual(1);
    await settled(row.id);
    expect((await mock.revocations()).length - before).toBe(1);
    expect(await outboxRow(row.id)).toMatchObject({ status: "revoked", attempts: 2 });
  });

  it("an outbox id that does not exist is not claimed", async () => {
    const { attemptRevocation } = await import("../../lib/connections/revocation-outbox");
    expect(await attemptRevocation(randomUUID())).toBe("not_claimed");
  });
});
