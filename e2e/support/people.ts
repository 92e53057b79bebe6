// People for browser tests, made by the operator commands (lib/admin/commands.ts) in the suite's
// database, and signing in through the real /sign-in page.
import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { db } from "../../lib/db/client";
import { addMember, createBrand, createUser } from "../../lib/admin/commands";

export type Person = { id: string; email: string; password: string; name: string };

/** A person with a password, optionally a member of brands (short id → role). */
export async function createPerson(
  options: { name?: string; staff?: boolean; brands?: Record<string, "viewer" | "member" | "admin"> } = {},
): Promise<Person> {
  const email = `e2e-${randomUUID().slice(0, 12)}@test.example`;
  const password = `pw-${randomUUID()}`;
  const name = options.name ?? "E2E Person";
  const { id } = await createUser(db(), { email, name, password, staff: options.staff });
  for (const [brand, role] of Object.entries(options.brands ?? {})) await addMember(db(), { brand, email, role });
  return { id, email, password, name };
}

/** A new brand with a unique short id (ETOE-<n>). */
export async function createTestBrand(name = "E2E Brand"): Promise<{ id: string; shortId: string }> {
  return createBrand(db(), { name, shortId: `ETOE-${Math.floor(Math.random() * 1e9)}` });
}

/**
 * Signs in through /sign-in (`next` is where the page should land) and waits until it got there.
 * Throws with the page's own error text when sign-in is refused.
 */
export async function signIn(page: Page, email: string, password: string, next = "/"): Promise<void> {
  await page.goto(`/sign-in?next=${encodeURIComponent(next)}`);
  const target = new URL(next, page.url()).pathname;
  // already signed in: the page goes straight on
  if (new URL(page.url()).pathname === target) return;
  await page.getByTestId("sign-in-email").fill(email);
  await page.getByTestId("sign-in-password").fill(password);
  await page.getByTestId("sign-in-submit").click();
  const outcome = await Promise.race([
    page.waitForURL((url) => url.pathname === target, { timeout: 15_000 }).then(() => "ok" as const),
    page
      .getByTestId("sign-in-error")
      .waitFor({ timeout: 15_000 })
      .then(() => "error" as const),
  ]);
  if (outcome === "error") throw new Error(`sign-in refused: ${await page.getByTestId("sign-in-error").textContent()}`);
}
