// `npm run admin -- user create … --password`: the person can then sign in through better-auth.
import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/world";

async function admin(args: string[], stdin?: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const child = execFile(
      "npm",
      ["run", "--silent", "admin", "--", ...args],
      { env: process.env, timeout: 60_000 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number((error as { code?: number }).code ?? 1) : 0, stdout, stderr }),
    );
    child.stdin!.end(stdin ?? "");
  });
}

const signIn = (email: string, password: string) =>
  fetch(`${baseUrl()}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl() },
    body: JSON.stringify({ email, password }),
  });

describe("npm run admin -- user create --password", { timeout: 120_000 }, () => {
  it("creates a person who can sign in with that password (given inline or on stdin)", async () => {
    const inline = `cli-pw-${randomUUID().slice(0, 8)}@test.example`;
    const created = await admin([
      "user",
      "create",
      "--email",
      inline,
      "--name",
      "Pw Person",
      "--password",
      "s3cret-enough",
    ]);
    expect(created.code, created.stderr).toBe(0);
    expect(JSON.parse(created.stdout.trim().split("\n").at(-1)!)).toEqual({ id: expect.any(String) });
    expect((await signIn(inline, "s3cret-enough")).status).toBe(200);
    expect((await signIn(inline, "s3cret-enougH")).status).toBe(401);

    const piped = `cli-pw-${randomUUID().slice(0, 8)}@test.example`;
    const fromStdin = await admin(
      ["user", "create", "--email", piped, "--name", "Piped", "--password", "-"],
      "from stdin 123\n",
    );
    expect(fromStdin.code, fromStdin.stderr).toBe(0);
    expect((await signIn(piped, "from stdin 123")).status).toBe(200);
  });

  it("refuses a short password, naming the flag, and creates nobody", async () => {
    const email = `cli-pw-${randomUUID().slice(0, 8)}@test.example`;
    const result = await admin(["user", "create", "--email", email, "--name", "Short", "--password", "short"]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain("--password: must be at least 8 characters");
    const again = await admin(["user", "create", "--email", email, "--name", "Short", "--password", "long enough now"]);
    expect(again.code, again.stderr).toBe(0);
  });

  it("without --password the person cannot sign in until `user password` sets one; replacing it ends their sessions", async () => {
    const email = `cli-pw-${randomUUID().slice(0, 8)}@test.example`;
    expect((await admin(["user", "create", "--email", email, "--name", "No Pw"])).code).toBe(0);
    expect((await signIn(email, "anything at all")).status).toBe(401);

    const set = await admin(["user", "password", "--email", email, "--password", "first password"]);
    expect(set.code, set.stderr).toBe(0);
    expect(JSON.parse(set.stdout.trim().split("\n").at(-1)!)).toEqual({ id: expect.any(String), passwordSet: true });
    const first = await signIn(email, "first password");
    expect(first.status).toBe(200);
    const cookie = first.headers
      .getSetCookie()
      .find((line) => line.includes("session_token="))!
      .split(";")[0]!;

    expect((await admin(["user", "password", "--email", email, "--password", "-"], "second password\n")).code).toBe(0);
    expect((await signIn(email, "first password")).status).toBe(401);
    expect((await signIn(email, "second password")).status).toBe(200);
    expect(await (await fetch(`${baseUrl()}/api/auth/get-session`, { headers: { Cookie: cookie } })).json()).toBeNull();

    const unknown = await admin([
      "user",
      "password",
      "--email",
      `nobody-${randomUUID()}@test.example`,
      "--password",
      "whatever123",
    ]);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain("--email: no person with");
  });
});
