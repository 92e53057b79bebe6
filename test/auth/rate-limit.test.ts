// Sign-in attempts are limited per client address as this server resolved it (the socket's
// peer; X-Forwarded-For only from TRUSTED_PROXIES), per account and address, and per account
// from browsers that never signed in to it. Loopback has many addresses (127.0.0.2, .3, …): each
// "person" below connects from its own, so the server really sees different peers.
import { randomUUID } from "node:crypto";
import { request as httpRequest } from "node:http";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { addMember, createUser } from "../../lib/admin/commands";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { authorize, pkce, register, signInCookie, useServer } from "../support/oauth-flow";
import { makeBrand } from "../support/world";

let perAddress: RunningServer;
let perAccount: RunningServer;
let behindProxy: RunningServer;
let consents: RunningServer;
beforeAll(async () => {
  [perAddress, perAccount, behindProxy, consents] = await Promise.all([
    startServer({ ...inject("testEnv"), SIGN_IN_PER_MINUTE: "5" }),
    startServer({ ...inject("testEnv"), SIGN_IN_PER_MINUTE: "1000", SIGN_IN_ACCOUNT_PER_MINUTE: "8" }),
    startServer({ ...inject("testEnv"), SIGN_IN_PER_MINUTE: "5", TRUSTED_PROXIES: "127.0.0.1" }),
    startServer(inject("testEnv")),
  ]);
});
afterAll(async () => {
  await Promise.all([perAddress?.stop(), perAccount?.stop(), behindProxy?.stop(), consents?.stop()]);
});

type Answer = { status: number; cookies: string[]; headers: Record<string, unknown>; body: string };

/** A POST of `body` as JSON from the loopback address `from`, with this server's Origin and extra headers. */
function postFrom(
  server: RunningServer,
  from: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const url = new URL(`${server.url}${path}`);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: url.hostname,
        port: url.port,
        path: url.pathname,
        method: "POST",
        localAddress: from,
        headers: { "Content-Type": "application/json", Origin: server.url, ...headers },
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk) => (text += chunk));
        res.on("end", () =>
          resolve({
            status: res.statusCode!,
            cookies: ([] as string[]).concat(res.headers["set-cookie"] ?? []),
            headers: res.headers,
            body: text,
          }),
        );
      },
    );
    req.on("error", reject);
    req.end(JSON.stringify(body));
  });
}

/** One sign-in attempt from the loopback address `from`, with extra headers. */
const attempt = (
  server: RunningServer,
  from: string,
  email: string,
  password: string,
  headers: Record<string, string> = {},
) => postFrom(server, from, "/api/auth/sign-in/email", { email, password }, headers);

const RIGHT = "the right password";
async function person() {
  const email = `rl-${randomUUID().slice(0, 8)}@test.example`;
  await createUser(db(), { email, name: "Limited", password: RIGHT });
  return email;
}
const signedIn = (answer: Answer) =>
  answer.status === 200 && answer.cookies.some((line) => line.includes("session_token="));

describe("per client address (the socket's, not a header)", () => {
  it("refuses the attempt after SIGN_IN_PER_MINUTE from one address, even with the right password", async () => {
    const email = await person();
    for (let i = 0; i < 5; i++)
      expect((await attempt(perAddress, "127.0.0.11", email, "a wrong password")).status).toBe(401);
    const limited = await attempt(perAddress, "127.0.0.11", email, RIGHT);
    expect(limited.status).toBe(429);
    expect(signedIn(limited)).toBe(false);
  });

  it("a new X-Forwarded-For on every attempt does not escape the limit", async () => {
    const email = await person();
    const statuses = [];
    for (let i = 0; i < 8; i++)
      statuses.push(
        (await attempt(perAddress, "127.0.0.12", email, "wrong", { "X-Forwarded-For": `203.0.113.${i}` })).status,
      );
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses.slice(5)).toEqual([429, 429, 429]);
  });

  it("bad attempts sent in another person's name (their address as X-Forwarded-For) do not lock that person out", async () => {
    const [attacker, victim] = [await person(), await person()];
    for (let i = 0; i < 10; i++)
      await attempt(perAddress, "127.0.0.13", attacker, "wrong", { "X-Forwarded-For": "127.0.0.14" });
    expect(signedIn(await attempt(perAddress, "127.0.0.14", victim, RIGHT))).toBe(true);
  });
});

describe("per account", () => {
  it("a few attempts a minute for one account from one address", async () => {
    const email = await person();
    for (let i = 0; i < 5; i++) expect((await attempt(perAccount, "127.0.0.21", email, "wrong")).status).toBe(401);
    expect((await attempt(perAccount, "127.0.0.21", email, RIGHT)).status).toBe(429);
    // the same address may still sign in to another account
    expect(signedIn(await attempt(perAccount, "127.0.0.21", await person(), RIGHT))).toBe(true);
  });

  it("guesses spread over many addresses stop at SIGN_IN_ACCOUNT_PER_MINUTE; the person's own browser still signs in", async () => {
    const email = await person();
    // the person signed in before from their browser, which keeps the device cookie
    const before = await attempt(perAccount, "127.0.0.30", email, RIGHT);
    expect(signedIn(before)).toBe(true);
    const device = before.cookies.find((line) => line.startsWith("bo_device="))!.split(";")[0]!;
    const statuses = [];
    for (let i = 0; i < 10; i++) statuses.push((await attempt(perAccount, `127.0.0.${40 + i}`, email, "wrong")).status);
    // eight attempts on the account a minute (the person's one included): then refused everywhere new
    expect(statuses.filter((status) => status === 401)).toHaveLength(7);
    expect(statuses.slice(7)).toEqual([429, 429, 429]);
    expect((await attempt(perAccount, "127.0.0.60", email, RIGHT)).status).toBe(429);
    // not a lock-out: the browser that signed in before is not counted against the account
    expect(signedIn(await attempt(perAccount, "127.0.0.31", email, RIGHT, { Cookie: device }))).toBe(true);
    // a device cookie of another account does not help
    const other = await person();
    const otherDevice = (await attempt(perAccount, "127.0.0.32", other, RIGHT)).cookies
      .find((line) => line.startsWith("bo_device="))!
      .split(";")[0]!;
    expect((await attempt(perAccount, "127.0.0.33", email, RIGHT, { Cookie: otherDevice })).status).toBe(429);
  });
});

describe("behind a trusted proxy (TRUSTED_PROXIES=127.0.0.1)", () => {
  it("the client address comes from the proxy's X-Forwarded-For", async () => {
    const email = await person();
    for (let i = 0; i < 5; i++)
      expect(
        (await attempt(behindProxy, "127.0.0.1", email, "wrong", { "X-Forwarded-For": "198.51.100.7" })).status,
      ).toBe(401);
    expect(
      (await attempt(behindProxy, "127.0.0.1", email, "wrong", { "X-Forwarded-For": "198.51.100.7" })).status,
    ).toBe(429);
    // another client behind the same proxy has its own budget
    expect(
      signedIn(await attempt(behindProxy, "127.0.0.1", await person(), RIGHT, { "X-Forwarded-For": "198.51.100.8" })),
    ).toBe(true);
  });

  it("an address that is not a trusted proxy cannot choose its address with the header", async () => {
    const email = await person();
    for (let i = 0; i < 5; i++)
      await attempt(behindProxy, "127.0.0.51", email, "wrong", { "X-Forwarded-For": `198.51.100.${100 + i}` });
    expect(
      (await attempt(behindProxy, "127.0.0.51", await person(), RIGHT, { "X-Forwarded-For": "198.51.100.200" })).status,
    ).toBe(429);
  });
});

describe("the OAuth consent answer (it reaches the authorization server from inside, per client address all the same)", () => {
  // better-auth's limit on the consent endpoint: its default rule, 100 a minute (lib/auth/auth.ts)
  const CONSENT_LIMIT = 100;

  it("one client spending the consent limit does not block another client's consent", async () => {
    useServer(consents.url);
    const brand = await makeBrand({ name: "Consent Limit" });
    const [flooder, other] = [await person(), await person()];
    for (const email of [flooder, other]) await addMember(db(), { brand: brand.shortId, email, role: "admin" });
    const [flooderCookie, otherCookie] = [await signInCookie(flooder, RIGHT), await signInCookie(other, RIGHT)];
    // refused answers (a query the authorization server never signed), all from one address
    const forged = { oauthQuery: "client_id=x&sig=forged", accept: false };
    const consentFrom = (from: string, cookie: string, body: unknown) =>
      postFrom(consents, from, "/api/oauth/consent", body, { Cookie: cookie });
    for (let i = 0; i < CONSENT_LIMIT; i++)
      expect((await consentFrom("127.0.0.71", flooderCookie, forged)).status).toBe(422);

    // another person's browser, at its own address: their consent goes through
    const client = await register();
    const consentUrl = await authorize(otherCookie, {
      client_id: client.body.client_id,
      code_challenge: pkce().challenge,
      code_challenge_method: "S256",
      scope: "kit.read",
    });
    expect(consentUrl.pathname).toBe("/oauth/consent");
    const answered = await consentFrom("127.0.0.72", otherCookie, {
      oauthQuery: consentUrl.searchParams.toString(),
      accept: true,
      brands: [brand.shortId],
      scopes: ["kit.read"],
    });
    expect(answered.status, answered.body).toBe(200);
    expect(new URL(JSON.parse(answered.body).data.url).searchParams.get("code")).toBeTruthy();

    // while the flooding address is refused, saying when to try again (not that the request expired)
    const limited = await consentFrom("127.0.0.71", flooderCookie, forged);
    expect(limited.status).toBe(429);
    expect(JSON.parse(limited.body).error).toMatchObject({
      code: "rate_limited",
      retryAfterSeconds: expect.any(Number),
    });
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
  });
});
