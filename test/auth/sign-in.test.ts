// Sign-in through better-auth's endpoint on the real server, with people made by the operator
// commands (their passwords hashed with better-auth's scrypt hasher).
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { createUser } from "../../lib/admin/commands";
import { baseUrl } from "../support/world";

const password = "correct horse battery";

async function person() {
  const email = `signin-${randomUUID().slice(0, 8)}@test.example`;
  const { id } = await createUser(db(), { email, name: "Sign In", password });
  return { id, email };
}

function signIn(email: string, pw: string, headers: Record<string, string> = {}) {
  return fetch(`${baseUrl()}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl(), ...headers },
    body: JSON.stringify({ email, password: pw }),
  });
}

describe("sign-in with e-mail and password", () => {
  it("gives an httpOnly, SameSite=Lax session cookie that get-session reads", async () => {
    const { id, email } = await person();
    const response = await signIn(email, password);
    expect(response.status, await response.clone().text()).toBe(200);
    const cookie = response.headers.getSetCookie().find((line) => line.includes("session_token="));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const session = await fetch(`${baseUrl()}/api/auth/get-session`, { headers: { Cookie: cookie!.split(";")[0]! } });
    const body = await session.json();
    expect(body.user.id).toBe(id);
    expect(body.user.email).toBe(email);
    // the stored hash is better-auth's scrypt format, never the password
    const account = await db().authAccount.findFirst({ where: { userId: id, providerId: "credential" } });
    expect(account?.password).toMatch(/^[0-9a-f]+:[0-9a-f]+$/);
    expect(account?.password).not.toContain(password);
    // the address is matched in any case, as it is stored lower-cased
    expect((await signIn(email.toUpperCase(), password)).status).toBe(200);
  });

  it("refuses a wrong password and an unknown address alike", async () => {
    const { email } = await person();
    const wrong = await signIn(email, "not the password");
    const unknown = await signIn(`nobody-${randomUUID()}@test.example`, "not the password");
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect((await wrong.json()).code).toBe((await unknown.json()).code);
    expect(wrong.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(false);
  });

  it("refuses a sign-in from a page of another origin", async () => {
    const { email } = await person();
    const response = await signIn(email, password, { Origin: "https://evil.example" });
    expect(response.status).toBe(403);
    expect(response.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(false);
  });

  it("does not let anyone sign up", async () => {
    const response = await fetch(`${baseUrl()}/api/auth/sign-up/email`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl() },
      body: JSON.stringify({ email: `new-${randomUUID()}@test.example`, password, name: "Newcomer" }),
    });
    expect(response.status).toBeGreaterThanOrEqual(400);
    expect(response.status).toBeLessThan(500);
  });

  it("ends the session on sign-out", async () => {
    const { email } = await person();
    const cookie = (await signIn(email, password)).headers
      .getSetCookie()
      .find((line) => line.includes("session_token="))!
      .split(";")[0]!;
    const out = await fetch(`${baseUrl()}/api/auth/sign-out`, {
      method: "POST",
      headers: { Cookie: cookie, Origin: baseUrl(), "Content-Type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    const session = await fetch(`${baseUrl()}/api/auth/get-session`, { headers: { Cookie: cookie } });
    expect(await session.json()).toBeNull();
  });
});

describe("better-auth endpoints the service does not use", () => {
  it.each([
    "/api/auth/update-user",
    "/api/auth/request-password-reset",
    "/api/auth/sign-in/social",
    "/api/auth/verify-password",
    "/api/auth/list-accounts",
  ])("%s answers 404", async (path) => {
    const response = await fetch(`${baseUrl()}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: baseUrl() },
      body: "{}",
    });
    expect(response.status).toBe(404);
  });
});
