// A signed-in person for HTTP tests: made by the operator commands, signed in through
// better-auth's endpoint; the session cookie to send back.
import { randomUUID } from "node:crypto";
import { db } from "../../lib/db/client";
import { createUser } from "../../lib/admin/commands";
import { baseUrl } from "../support/world";

export const PASSWORD = "correct horse battery";

export async function signedInPerson(options: { staff?: boolean } = {}) {
  const email = `s-${randomUUID().slice(0, 12)}@test.example`;
  const { id } = await createUser(db(), { email, name: "Settings Person", password: PASSWORD, staff: options.staff });
  const response = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl() },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  if (response.status !== 200) throw new Error(`sign-in failed: ${response.status} ${await response.text()}`);
  const cookie = response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
  return { id, email, cookie };
}

/** A request to the settings endpoints as the page would send it (same Origin, session cookie). */
export async function settings(
  path: string,
  init: { method?: string; cookie?: string; body?: unknown; origin?: string | null; raw?: string } = {},
) {
  const headers: Record<string, string> = {};
  if (init.cookie) headers.Cookie = init.cookie;
  if (init.origin !== null) headers.Origin = init.origin ?? baseUrl();
  if (init.body !== undefined || init.raw !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${baseUrl()}/api/settings/keys${path}`, {
    method: init.method ?? "GET",
    headers,
    body: init.raw ?? (init.body === undefined ? undefined : JSON.stringify(init.body)),
  });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}
