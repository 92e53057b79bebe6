// Connections end to end against a real OAuth 2 server on loopback (oauth2-mock-server): connect,
// the person's trip to the provider, the callback page, the stored grant, disconnect with
// revocation. An extra server of ours runs with CONNECTION_PROVIDERS_FILE pointing at the mock.
import { createHash, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { Events } from "oauth2-mock-server";
import { db } from "../../lib/db/client";
import { setBrandStatus } from "../../lib/admin/commands";
import { openTokens } from "../../lib/connections/tokens";
import { signState } from "../../lib/connections/state";
import { seal, open } from "../../lib/vault";
import { freePort, startServer, type RunningServer } from "../../scripts/support/start-server";
import {
  expectPage,
  openLink,
  openPage,
  providerUrlOf,
  signedInBrowser,
  startMockProvider,
  stateIdOf,
  visitProvider,
  writeProvidersFile,
  type MockProvider,
} from "../support/oauth-provider";
import { call, expectError, expectOk, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

let mock: MockProvider;
let server: RunningServer;
let providers: ReturnType<typeof writeProvidersFile>;
let world: World;
/** the admin's browser, signed in: the one that opens the admin's links */
let adminBrowser: string;
const brandName = `Connections brand ${randomUUID().slice(0, 8)}`;

beforeAll(async () => {
  mock = await startMockProvider({ accountName: "Northwind <Social>" });
  const closedPort = await freePort(); // nothing listens there: a provider that is down
  providers = writeProvidersFile([
    mock.entry("mockid"),
    mock.entry("mockpost", { clientAuth: "post", revocationUrl: undefined }),
    mock.entry("mockdown", { revocationUrl: `http://127.0.0.1:${closedPort}/revoke` }),
  ]);
  server = await startServer({ ...inject("testEnv"), CONNECTION_PROVIDERS_FILE: providers.file });
  world = await makeWorld();
  // a name of its own, so that counting this brand's confirmation tokens sees no other file's
  await db().brand.update({ where: { id: world.brand.id }, data: { name: brandName } });
  adminBrowser = await signedInBrowser(server.url, world.admin.email);
});

afterAll(async () => {
  await server?.stop();
  await mock?.stop();
  providers?.remove();
});

const on = (capability: string, key: string, body: Record<string, unknown>) =>
  call(capability, key, body, { url: server.url });
const asAdmin = (capability: string, body: Record<string, unknown> = {}) =>
  on(capability, world.admin.key, { brand: world.brand.shortId, ...body });

async function confirmed(capability: string, body: Record<string, unknown>) {
  const first = await asAdmin(capability, body);
  const error = expectError(first, 409, "confirmation_required");
  return {
    summary: error.summary as string,
    response: await asAdmin(capability, { ...body, confirmationToken: error.confirmationToken }),
  };
}

async function connect(provider = "mockid") {
  return expectOk(await asAdmin("connections.connect", { provider })) as {
    authorizationUrl: string;
    expiresAt: string;
    connectionId: string;
  };
}

async function connectFully(provider = "mockid") {
  const link = await connect(provider);
  const page = await openPage(await visitProvider(link.authorizationUrl, adminBrowser), adminBrowser);
  expectPage(page, 200, "connected");
  const stateId = stateIdOf(link.authorizationUrl);
  const { connectionId } = await db().oAuthState.findUniqueOrThrow({ where: { id: stateId } });
  return { link, connectionId };
}

const connectionRow = (id: string) => db().connection.findUniqueOrThrow({ where: { id } });

describe("the whole flow: connect → provider → callback page → connections.list", () => {
  it("connects with PKCE S256 and a signed state, fills account and connectedAt, and shows it in the list", async () => {
    const before = Date.now();
    const link = await connect();
    // the link leads to this service first, which sends its owner's browser on to the provider
    expect(link.authorizationUrl.startsWith(`${server.url}/api/connections/start?state=`)).toBe(true);
    const url = new URL(await providerUrlOf(link.authorizationUrl, adminBrowser));
    expect(`${url.origin}${url.pathname}`).toBe(`${mock.base}/authorize`);
    const query = Object.fromEntries(url.searchParams);
    expect(query).toMatchObject({
      response_type: "code",
      client_id: "client-mockid",
      redirect_uri: `${server.url}/api/connections/callback`,
      scope: "openid posts.write",
      code_challenge_method: "S256",
    });
    expect(query.code_challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(query.state).toMatch(/^[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/);
    // the link lives 10 minutes
    const expiresIn = Date.parse(link.expiresAt) - before;
    expect(expiresIn).toBeGreaterThan(9.5 * 60_000);
    expect(expiresIn).toBeLessThanOrEqual(10 * 60_000 + 5_000);
    expect(link.expiresAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    const pending = expectOk(await asAdmin("connections.list")).items.filter(
      (item: { provider: string }) => item.provider === "mockid",
    );
    expect(pending).toEqual([
      {
        id: expect.any(String),
        provider: "mockid",
        name: "Mock mockid",
        account: null,
        status: "pending_setup",
        connectedAt: null,
      },
    ]);
    // the link names the connection it completes (a page showing the link follows that record)
    expect(link.connectionId).toBe(pending[0].id);

    const callbackUrl = await visitProvider(link.authorizationUrl, adminBrowser);
    expect(callbackUrl.startsWith(`${server.url}/api/connections/callback?`)).toBe(true);
    const requestsBefore = mock.tokenRequests.length;
    const page = await openPage(callbackUrl, adminBrowser);
    expectPage(page, 200, "connected");
    expect(page.html).toContain("Mock mockid is connected");
    expect(page.html).toContain("Northwind &#60;Social&#62;"); // the account, escaped
    expect(page.headers.get("referrer-policy")).toBe("no-referrer");
    // the page tells the browser's other tabs which connection changed, by a script its policy allows by hash only
    expect(page.html).toContain(`data-connection="${link.connectionId}"`);
    const script = /<script>([^<]+)<\/script>/.exec(page.html)![1]!;
    expect(page.headers.get("content-security-policy")).toContain(
      `script-src 'sha256-${createHash("sha256").update(script).digest("base64")}'`,
    );

    // the token request carried the verifier whose S256 hash is the challenge sent before
    expect(mock.tokenRequests.length).toBe(requestsBefore + 1);
    const tokenRequest = mock.tokenRequests.at(-1)!;
    expect(tokenRequest.body).toMatchObject({
      grant_type: "authorization_code",
      redirect_uri: `${server.url}/api/connections/callback`,
    });
    expect(createHash("sha256").update(tokenRequest.body.code_verifier!).digest("base64url")).toBe(
      query.code_challenge,
    );
    expect(tokenRequest.body.code).toBe(new URL(callbackUrl).searchParams.get("code"));
    // default client authentication is HTTP Basic (RFC 6749 §2.3.1), the secret never in the body
    expect(tokenRequest.authorization).toBe(`Basic ${Buffer.from("client-mockid:secret-mockid").toString("base64")}`);
    expect(tokenRequest.body.client_secret).toBeUndefined();
    // the account was read with the new access token
    expect(mock.userinfoCalls.at(-1)).toBe(`Bearer ${mock.tokenResponses.at(-1)!.access_token}`);

    const items = expectOk(await asAdmin("connections.list")).items.filter(
      (item: { provider: string }) => item.provider === "mockid",
    );
    expect(items).toEqual([
      {
        id: pending[0].id,
        provider: "mockid",
        name: "Mock mockid",
        account: "Northwind <Social>",
        status: "connected",
        connectedAt: expect.any(String),
      },
    ]);
    expect(Date.parse(items[0].connectedAt)).toBeGreaterThanOrEqual(before);
    expect(items[0].connectedAt).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);

    // the completion is a write like any other: its event and activity entry, by whoever
    // asked for the link (here an API key)
    const events = expectOk(await asAdmin("events.list", { types: ["connection.connected"] })).items;
    expect(events.filter((event: { data: { id: string } }) => event.data.id === link.connectionId)).toEqual([
      expect.objectContaining({
        type: "connection.connected",
        actor: expect.objectContaining({ kind: "key", door: "api" }),
        data: items[0],
      }),
    ]);
    const activity = expectOk(await asAdmin("activity.list", { capabilityId: "connections.connect" })).items;
    expect(activity[0]).toMatchObject({
      status: "done",
      summary: "Mock mockid connected as Northwind <Social>, authorized at Mock mockid.",
    });
  });

  it("client_secret_post providers get the client id and secret in the form body", async () => {
    await connectFully("mockpost");
    const tokenRequest = mock.tokenRequests.at(-1)!;
    expect(tokenRequest.authorization).toBeUndefined();
    expect(tokenRequest.body).toMatchObject({
      client_id: "client-mockpost",
      client_secret: "secret-mockpost",
      grant_type: "authorization_code",
    });
  });

  it("stores the provider's tokens encrypted, never in plaintext (nor the PKCE verifier)", async () => {
    const { link, connectionId } = await connectFully();
    const issued = mock.tokenResponses.at(-1)! as { access_token: string; refresh_token: string };
    const row = await connectionRow(connectionId);
    const stored = row.tokensEncrypted!;
    expect(stored).toMatch(/^v1\./);
    for (const secret of [issued.access_token, issued.refresh_token]) {
      expect(secret.length).toBeGreaterThan(10);
      expect(stored).not.toContain(secret);
      expect(stored).not.toContain(Buffer.from(secret).toString("base64url"));
      expect(stored).not.toContain(Buffer.from(secret).toString("base64"));
    }
    // and it is the grant: it opens with APP_SECRET to exactly those tokens
    expect(openTokens(stored, connectionId)).toMatchObject({
      accessToken: issued.access_token,
      refreshToken: issued.refresh_token,
    });
    const verifier = mock.tokenRequests.at(-1)!.body.code_verifier!;
    const state = await db().oAuthState.findUniqueOrThrow({ where: { id: stateIdOf(link.authorizationUrl) } });
    expect(state.codeVerifier).not.toContain(verifier);
    expect(open(state.codeVerifier, `oauth-state:${state.id}`)).toBe(verifier);
  });

  it("PKCE is verified by the provider: a verifier that does not match the challenge gets no tokens", async () => {
    const link = await connect();
    const stateId = stateIdOf(link.authorizationUrl);
    const callbackUrl = await visitProvider(link.authorizationUrl, adminBrowser);
    // once the challenge went to the provider, replace the stored verifier by another well-formed
    // one, sealed as the service seals it
    await db().oAuthState.update({
      where: { id: stateId },
      data: { codeVerifier: seal("x".repeat(43), `oauth-state:${stateId}`) },
    });
    const responsesBefore = mock.tokenResponses.length;
    const page = await openPage(callbackUrl, adminBrowser);
    expectPage(page, 502, "failed");
    expect(page.html).toContain("did not complete the connection");
    expect(mock.tokenResponses.length).toBe(responsesBefore); // the provider refused: no tokens issued
    const { connectionId } = await db().oAuthState.findUniqueOrThrow({ where: { id: stateId } });
    expect(await connectionRow(connectionId)).toMatchObject({
      status: "pending_setup",
      tokensEncrypted: null,
      connectedAt: null,
    });
  });
});

describe("the state: signed, single use, 10 minutes", () => {
  it("a reused state is rejected with a page and changes nothing", async () => {
    const link = await connect();
    const callbackUrl = await visitProvider(link.authorizationUrl, adminBrowser);
    expectPage(await openPage(callbackUrl, adminBrowser), 200, "connected");
    const { connectionId } = await db().oAuthState.findUniqueOrThrow({
      where: { id: stateIdOf(link.authorizationUrl) },
    });
    const after = await connectionRow(connectionId);
    const requests = mock.tokenRequests.length;

    const again = await openPage(callbackUrl, adminBrowser);
    expectPage(again, 400, "failed");
    expect(again.html).toContain("already used");
    expect(mock.tokenRequests.length).toBe(requests); // the code was not exchanged again
    expect(await connectionRow(connectionId)).toEqual(after);
  });

  it("a forged or altered state is rejected with a page, changes nothing, and does not use up the real one", async () => {
    const link = await connect();
    const callbackUrl = new URL(await visitProvider(link.authorizationUrl, adminBrowser));
    const real = callbackUrl.searchParams.get("state")!;
    const [payload, signature] = real.split(".") as [string, string];
    const decoded = JSON.parse(Buffer.from(payload, "base64url").toString());
    const forgedPayload = Buffer.from(JSON.stringify({ ...decoded, p: "mockpost" })).toString("base64url");
    const flipped = signature.slice(0, -2) + (signature.at(-2) === "A" ? "B" : "A") + signature.at(-1);
    const stateId = stateIdOf(link.authorizationUrl);
    const requests = mock.tokenRequests.length;

    const otherSecret = signState({ id: stateId, provider: "mockid" }, "another-secret-of-at-least-32-characters!");
    for (const forged of [
      `${forgedPayload}.${signature}`,
      `${payload}.${flipped}`,
      otherSecret,
      payload,
      `${payload}.${signature}.x`,
      "",
      randomUUID(),
    ]) {
      const url = new URL(callbackUrl);
      url.searchParams.set("state", forged);
      const page = await openPage(url.href, adminBrowser);
      expectPage(page, 400, "failed");
      expect(page.html).toContain("This link is not valid");
    }
    const noState = new URL(callbackUrl);
    noState.searchParams.delete("state");
    expectPage(await openPage(noState.href, adminBrowser), 400, "failed");

    expect(mock.tokenRequests.length).toBe(requests);
    const state = await db().oAuthState.findUniqueOrThrow({ where: { id: stateId } });
    expect(state.usedAt).toBeNull();
    expect(await connectionRow(state.connectionId)).toMatchObject({ status: "pending_setup", tokensEncrypted: null });
    // control: the genuine state still works
    expectPage(await openPage(callbackUrl.href, adminBrowser), 200, "connected");
  });

  it("an expired state is rejected with a page; the connection stays pending and no code is exchanged", async () => {
    const link = await connect();
    const stateId = stateIdOf(link.authorizationUrl);
    // it expires while the person is at the provider
    const callbackUrl = await visitProvider(link.authorizationUrl, adminBrowser);
    await db().oAuthState.update({ where: { id: stateId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const requests = mock.tokenRequests.length;
    const page = await openPage(callbackUrl, adminBrowser);
    expectPage(page, 400, "failed");
    expect(page.html).toContain("expired");
    expect(mock.tokenRequests.length).toBe(requests);
    // and the link itself no longer leads to the provider
    const again = await openPage(link.authorizationUrl, adminBrowser);
    expectPage(again, 400, "failed");
    expect(again.html).toContain("expired");
    const state = await db().oAuthState.findUniqueOrThrow({ where: { id: stateId } });
    expect(await connectionRow(state.connectionId)).toMatchObject({ status: "pending_setup", tokensEncrypted: null });
  });

  it("a provider error (access_denied) is a page saying so, escaped; nothing is connected", async () => {
    const link = await connect();
    mock.server.service.once(Events.BeforeAuthorizeRedirect, ({ url }) => {
      url.searchParams.delete("code");
      url.searchParams.set("error", "access_denied");
      url.searchParams.set("error_description", "The user said <script>alert(1)</script> no");
    });
    const requests = mock.tokenRequests.length;
    const page = await openPage(await visitProvider(link.authorizationUrl, adminBrowser), adminBrowser);
    expectPage(page, 200, "failed");
    expect(page.html).toContain("Access was not granted");
    expect(page.html).toContain("&#60;script&#62;alert(1)&#60;/script&#62;");
    expect(page.html).not.toContain("<script>");
    expect(mock.tokenRequests.length).toBe(requests);
    const state = await db().oAuthState.findUniqueOrThrow({ where: { id: stateIdOf(link.authorizationUrl) } });
    expect(state.usedAt).not.toBeNull(); // single use, whatever the outcome
    expect(await connectionRow(state.connectionId)).toMatchObject({ status: "pending_setup", tokensEncrypted: null });
  });

  it("connect reuses the pending connection: two links, one connection; the second link finds it completed", async () => {
    const brandWorld = await makeWorld();
    const connectAs = () =>
      on("connections.connect", brandWorld.admin.key, { brand: brandWorld.brand.shortId, provider: "mockid" });
    const first = expectOk(await connectAs());
    const second = expectOk(await connectAs());
    expect(first.authorizationUrl).not.toBe(second.authorizationUrl);
    const list = async () =>
      expectOk(await on("connections.list", brandWorld.admin.key, { brand: brandWorld.brand.shortId })).items;
    expect(await list()).toHaveLength(1);
    const browser = await signedInBrowser(server.url, brandWorld.admin.email);
    expectPage(await openPage(await visitProvider(second.authorizationUrl, browser), browser), 200, "connected");
    const late = await openPage(await visitProvider(first.authorizationUrl, browser), browser);
    expectPage(late, 409, "failed");
    expect(late.html).toContain("no longer waiting");
    expect((await list()).map((item: { status: string }) => item.status)).toEqual(["connected"]);
  });

  it("a callback for a brand closed meanwhile connects nothing", async () => {
    const closing = await makeWorld();
    const link = expectOk(
      await on("connections.connect", closing.admin.key, { brand: closing.brand.shortId, provider: "mockid" }),
    );
    await setBrandStatus(db(), { brand: closing.brand.shortId, status: "closed" });
    const browser = await signedInBrowser(server.url, closing.admin.email);
    const page = await openPage(await visitProvider(link.authorizationUrl, browser), browser);
    expectPage(page, 409, "failed");
    const rows = await db().connection.findMany({ where: { brandId: closing.brand.id } });
    expect(rows.map((row) => row.status)).toEqual(["pending_setup"]);
  });
});

describe("a link belongs to the person who asked for it, in the browser that opened it", () => {
  const stateRow = (link: { authorizationUrl: string }) =>
    db().oAuthState.findUniqueOrThrow({ where: { id: stateIdOf(link.authorizationUrl) } });

  it("a browser without a sign-in that gets the link is sent to sign in, not to the provider; signed in as the owner it goes on", async () => {
    const link = await connect();
    const requests = mock.tokenRequests.length;
    const stranger = await openLink(link.authorizationUrl);
    expect(stranger.status, stranger.html).toBe(303);
    const signIn = new URL(stranger.location!, server.url);
    expect(signIn.pathname).toBe("/sign-in");
    const next = signIn.searchParams.get("next")!;
    expect(`${server.url}${next}`).toBe(link.authorizationUrl);
    expect((await stateRow(link)).sessionId).toBeNull();
    // the owner signs in in that browser and comes back to the link: now it leads to the provider
    const browser = await signedInBrowser(server.url, world.admin.email);
    const providerUrl = new URL(await providerUrlOf(`${server.url}${next}`, browser));
    expect(`${providerUrl.origin}${providerUrl.pathname}`).toBe(`${mock.base}/authorize`);
    expect(providerUrl.searchParams.get("state")).toBe(new URL(link.authorizationUrl).searchParams.get("state"));
    expect(mock.tokenRequests.length).toBe(requests);
  });

  it("someone else signed in who opens the link is refused with a page before the provider; the link stays its owner's", async () => {
    const link = await connect();
    const member = await signedInBrowser(server.url, world.member.email);
    const opened = await openLink(link.authorizationUrl, member);
    expect(opened.status).toBe(403);
    expect(opened.location).toBeNull();
    expect(opened.html).toContain("This link belongs to someone else");
    expect(opened.html).toContain(world.member.email);
    expect(opened.html).toContain("Nothing was connected");
    expect((await stateRow(link)).sessionId).toBeNull();
    expectPage(
      await openPage(await visitProvider(link.authorizationUrl, adminBrowser), adminBrowser),
      200,
      "connected",
    );
  });

  it("a callback completed in another browser is refused with a page saying why; nothing is connected and the owner's browser still can", async () => {
    const link = await connect();
    const callbackUrl = await visitProvider(link.authorizationUrl, adminBrowser);
    const { connectionId } = await stateRow(link);
    const requests = mock.tokenRequests.length;
    const refusals = [
      // the case: a browser with no cookies opens the callback with that state
      [undefined, "This connection was not started in this browser"],
      [await signedInBrowser(server.url, world.member.email), "This link belongs to someone else"],
      // the owner, signed in in another browser that never opened the link
      [await signedInBrowser(server.url, world.admin.email), "This connection was started in another browser"],
    ] as const;
    for (const [cookie, title] of refusals) {
      const page = await openPage(callbackUrl, cookie);
      expectPage(page, 403, "failed");
      expect(page.html).toContain(title);
      expect(page.html).toContain("Nothing was connected");
    }
    expect(mock.tokenRequests.length).toBe(requests); // no code was exchanged
    expect(await connectionRow(connectionId)).toMatchObject({
      status: "pending_setup",
      tokensEncrypted: null,
      account: null,
    });
    expect((await stateRow(link)).usedAt).toBeNull(); // nor was the link used up
    expectPage(await openPage(callbackUrl, adminBrowser), 200, "connected");
  });

  it("the owner's last browser to open the link is the one that finishes it", async () => {
    const link = await connect();
    const first = await visitProvider(link.authorizationUrl, adminBrowser);
    const other = await signedInBrowser(server.url, world.admin.email);
    const second = await visitProvider(link.authorizationUrl, other);
    expectPage(await openPage(first, adminBrowser), 403, "failed");
    expectPage(await openPage(second, other), 200, "connected");
  });
});

describe("connections.disconnect", () => {
  async function schedule(connectionId: string, status: string) {
    const id = randomUUID();
    await db().scheduledPost.create({
      data: {
        id,
        brandId: world.brand.id,
        connectionId,
        text: "Fresh roast",
        publishAt: new Date(Date.now() + 86_400_000),
        status,
      },
    });
    return id;
  }

  it("with confirmation: revokes the grant at the provider, deletes the tokens, sets disconnected, stops the scheduled posts", async () => {
    const { connectionId } = await connectFully();
    const issued = mock.tokenResponses.at(-1)! as { refresh_token: string };
    const posts = [
      await schedule(connectionId, "scheduled"),
      await schedule(connectionId, "scheduled"),
      await schedule(connectionId, "published"),
    ];
    const revocationsBefore = (await mock.revocations()).length;

    const { summary, response } = await confirmed("connections.disconnect", { connectionId });
    expect(summary).toContain("Mock mockid account Northwind <Social>");
    expect(summary).toContain("revoke its grant");
    expect(summary).toContain("stop its 2 scheduled posts");
    expect(expectOk(response)).toEqual({ ok: true, id: connectionId });

    const revocations = await mock.revocations();
    expect(revocations.length).toBe(revocationsBefore + 1);
    expect(revocations.at(-1)!.body).toEqual({ token: issued.refresh_token, token_type_hint: "refresh_token" });
    expect(revocations.at(-1)!.authorization).toBe(
      `Basic ${Buffer.from("client-mockid:secret-mockid").toString("base64")}`,
    );

    expect(await connectionRow(connectionId)).toMatchObject({ status: "disconnected", tokensEncrypted: null });
    const statuses = await db().scheduledPost.findMany({ where: { id: { in: posts } } });
    expect(Object.fromEntries(statuses.map((post) => [post.id, post.status]))).toEqual({
      [posts[0]!]: "stopped",
      [posts[1]!]: "stopped",
      [posts[2]!]: "published",
    });
    const item = expectOk(await asAdmin("connections.list")).items.find(
      (entry: { id: string }) => entry.id === connectionId,
    );
    expect(item.status).toBe("disconnected");
  });

  it("a provider that is down does not block the local disconnect; the failure is logged", async () => {
    const { connectionId } = await connectFully("mockdown");
    const post = await schedule(connectionId, "scheduled");
    const { response } = await confirmed("connections.disconnect", { connectionId });
    expect(expectOk(response)).toEqual({ ok: true, id: connectionId });
    expect(await connectionRow(connectionId)).toMatchObject({ status: "disconnected", tokensEncrypted: null });
    expect((await db().scheduledPost.findUniqueOrThrow({ where: { id: post } })).status).toBe("stopped");
    // the line is written asynchronously (pino's stream), and the background loop may make the
    // attempt instead of the disconnect's own: wait for it rather than read the output once
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toContain(`connection ${connectionId} disconnected, but revoking its grant at Mock mockdown failed`);
  });

  it("a provider answering 503 to the revocation does not block it either", async () => {
    const { connectionId } = await connectFully();
    mock.server.service.once(Events.BeforeRevoke, (revokeResponse) => {
      revokeResponse.statusCode = 503;
    });
    const { response } = await confirmed("connections.disconnect", { connectionId });
    expect(expectOk(response)).toEqual({ ok: true, id: connectionId });
    expect(await connectionRow(connectionId)).toMatchObject({ status: "disconnected", tokensEncrypted: null });
    await expect
      .poll(() => server.output(), { timeout: 10_000 })
      .toContain(
        `connection ${connectionId} disconnected, but revoking its grant at Mock mockid failed: Mock mockid answered 503`,
      );
  });

  it("a provider without a revocation endpoint: the grant is deleted locally, nothing is sent", async () => {
    const { connectionId } = await connectFully("mockpost");
    const revocationsBefore = (await mock.revocations()).length;
    const { summary, response } = await confirmed("connections.disconnect", { connectionId });
    expect(summary).toContain("delete its stored grant");
    expectOk(response);
    expect((await mock.revocations()).length).toBe(revocationsBefore);
    expect(await connectionRow(connectionId)).toMatchObject({ status: "disconnected", tokensEncrypted: null });
  });

  it("an unknown connectionId and another brand's are 404 not_found on connectionId, before any token is issued", async () => {
    const other = await makeWorld();
    const theirs = expectOk(
      await on("connections.connect", other.admin.key, { brand: other.brand.shortId, provider: "mockid" }),
    );
    const theirId = (await db().oAuthState.findUniqueOrThrow({ where: { id: stateIdOf(theirs.authorizationUrl) } }))
      .connectionId;
    const tokens = () => db().confirmationToken.count({ where: { summary: { contains: brandName } } });
    const before = await tokens();
    for (const connectionId of [randomUUID(), theirId]) {
      const error = expectError(await asAdmin("connections.disconnect", { connectionId }), 404, "not_found");
      expect(error.field).toBe("connectionId");
      expect(error.confirmationToken).toBeUndefined();
    }
    expect(await tokens()).toBe(before);
    expect((await connectionRow(theirId)).status).toBe("pending_setup");
  });

  it("an already disconnected connection is 422 reason already_disconnected; connecting again starts a new pending connection", async () => {
    const { connectionId } = await connectFully();
    expectOk((await confirmed("connections.disconnect", { connectionId })).response);
    const again = expectError(await asAdmin("connections.disconnect", { connectionId }), 422, "invalid_input");
    expect(again).toMatchObject({ field: "connectionId", reason: "already_disconnected" });

    const link = await connect();
    const fresh = (await db().oAuthState.findUniqueOrThrow({ where: { id: stateIdOf(link.authorizationUrl) } }))
      .connectionId;
    expect(fresh).not.toBe(connectionId);
    expect((await connectionRow(fresh)).status).toBe("pending_setup");
    expect((await connectionRow(connectionId)).status).toBe("disconnected");
  });

  it("disconnecting a pending connection cancels it: its outstanding link no longer completes anything", async () => {
    const pendingWorld = await makeWorld();
    const link = expectOk(
      await on("connections.connect", pendingWorld.admin.key, {
        brand: pendingWorld.brand.shortId,
        provider: "mockid",
      }),
    );
    const connectionId = (await db().oAuthState.findUniqueOrThrow({ where: { id: stateIdOf(link.authorizationUrl) } }))
      .connectionId;
    // the person is at the provider when the connection is cancelled
    const browser = await signedInBrowser(server.url, pendingWorld.admin.email);
    const callbackUrl = await visitProvider(link.authorizationUrl, browser);
    const body = { brand: pendingWorld.brand.shortId, connectionId };
    const first = expectError(
      await on("connections.disconnect", pendingWorld.admin.key, body),
      409,
      "confirmation_required",
    );
    expect(first.summary).toContain("Cancel the pending Mock mockid connection");
    expectOk(
      await on("connections.disconnect", pendingWorld.admin.key, {
        ...body,
        confirmationToken: first.confirmationToken,
      }),
    );
    const requests = mock.tokenRequests.length;
    const page = await openPage(callbackUrl, browser);
    expectPage(page, 400, "failed");
    expect(mock.tokenRequests.length).toBe(requests);
    // the link itself no longer leads anywhere either
    expectPage(await openPage(link.authorizationUrl, browser), 400, "failed");
    expect(await connectionRow(connectionId)).toMatchObject({ status: "disconnected", tokensEncrypted: null });
  });
});
