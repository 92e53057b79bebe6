// Sign-in attempts are limited per client address (better-auth's limiter). The suite's server
// allows many (every test signs in from 127.0.0.1), so this file starts its own with a low limit.
import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { createUser } from "../../lib/admin/commands";
import { startServer, type RunningServer } from "../../scripts/support/start-server";

let server: RunningServer;
beforeAll(async () => {
  server = await startServer({ ...inject("testEnv"), SIGN_IN_PER_MINUTE: "5" });
});
afterAll(() => server?.stop());

const attempt = (email: string, password: string, address: string) =>
  fetch(`${server.url}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: server.url, "X-Forwarded-For": address },
    body: JSON.stringify({ email, password }),
  });

describe("sign-in rate limit", () => {
  it("refuses the attempt after SIGN_IN_PER_MINUTE from one address, even with the right password", async () => {
    const email = `rl-${randomUUID().slice(0, 8)}@test.example`;
    await createUser(db(), { email, name: "Limited", password: "the right password" });
    const address = `10.9.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250)}`;
    for (let i = 0; i < 5; i++) expect((await attempt(email, "a wrong password", address)).status).toBe(401);
    const limited = await attempt(email, "the right password", address);
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("x-retry-after") ?? limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(limited.headers.getSetCookie().some((line) => line.includes("session_token="))).toBe(false);
  });
});
