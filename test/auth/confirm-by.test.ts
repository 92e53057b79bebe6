// Who confirms a credential's writes, as its owner chooses it (docs/design.md, confirmation): on a
// key's creation in Settings (the program, unless the person says otherwise), on the OAuth consent
// page (the person, unless they say otherwise; a new consent replaces it), and changed afterwards in
// Settings by the owner only: another person's key or app reads as unknown and stays as it was.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addMember, createUser } from "../../lib/admin/commands";
import { baseUrl, makeBrand } from "../support/world";
import { authorize, consent, pkce, register, signInCookie } from "../support/oauth-flow";
import { PASSWORD, settings, signedInPerson } from "./session";

/** A change on a settings page, as the page sends it (this service's Origin unless told otherwise). */
async function patch(path: string, cookie: string, body: unknown, origin: string | null = baseUrl()) {
  const headers: Record<string, string> = { Cookie: cookie, "Content-Type": "application/json" };
  if (origin) headers.Origin = origin;
  const response = await fetch(`${baseUrl()}${path}`, { method: "PATCH", headers, body: JSON.stringify(body) });
  return { status: response.status, body: await response.json() };
}

const storedKey = async (id: string) =>
  (await db().apiKey.findUnique({ where: { id }, select: { confirmBy: true } }))?.confirmBy;
const storedGrant = async (userId: string, clientId: string) =>
  (await db().appGrant.findUnique({ where: { userId_clientId: { userId, clientId } }, select: { confirmBy: true } }))
    ?.confirmBy;

describe("a key's choice of who confirms its writes", () => {
  it("is the program's unless the person chooses to confirm, and the list shows it", async () => {
    const person = await signedInPerson();
    const made = await settings("", { method: "POST", cookie: person.cookie, body: { scopes: ["kit.read"] } });
    const waiting = await settings("", {
      method: "POST",
      cookie: person.cookie,
      body: { scopes: ["kit.read"], confirmBy: "person" },
    });
    expect(waiting.status, JSON.stringify(waiting.body)).toBe(200);
    expect(await storedKey(made.body.data.id)).toBe("caller");
    expect(await storedKey(waiting.body.data.id)).toBe("person");
    const listed = (await settings("", { cookie: person.cookie })).body.data.items;
    expect(Object.fromEntries(listed.map((key: { id: string; confirmBy: string }) => [key.id, key.confirmBy]))).toEqual(
      { [made.body.data.id]: "caller", [waiting.body.data.id]: "person" },
    );

    const refused = await settings("", {
      method: "POST",
      cookie: person.cookie,
      body: { scopes: ["kit.read"], confirmBy: "nobody" },
    });
    expect(refused.status).toBe(422);
    expect(refused.body.error).toMatchObject({ code: "invalid_input", field: "confirmBy" });
    expect(await db().apiKey.count({ where: { userId: person.id } })).toBe(2);
  });

  it("is changed by its owner; another person's key is unknown and stays as it was", async () => {
    const owner = await signedInPerson();
    const stranger = await signedInPerson();
    const { id } = (await settings("", { method: "POST", cookie: owner.cookie, body: { scopes: ["brand.read"] } })).body
      .data;

    const changed = await patch(`/api/settings/keys/${id}`, owner.cookie, { confirmBy: "person" });
    expect(changed).toEqual({ status: 200, body: { ok: true, data: { id, confirmBy: "person" } } });
    expect(await storedKey(id)).toBe("person");
    const listed = (await settings("", { cookie: owner.cookie })).body.data.items;
    expect(listed.find((key: { id: string }) => key.id === id).confirmBy).toBe("person");

    for (const path of [
      `/api/settings/keys/${id}`,
      "/api/settings/keys/not-a-key",
      `/api/settings/keys/${randomUUID()}`,
    ]) {
      const answer = await patch(path, stranger.cookie, { confirmBy: "caller" });
      expect(answer.status, path).toBe(404);
      expect(answer.body.error).toMatchObject({ code: "not_found", field: "id" });
    }
    expect(await storedKey(id)).toBe("person");

    const wrong = await patch(`/api/settings/keys/${id}`, owner.cookie, { confirmBy: "anyone" });
    expect(wrong.status).toBe(422);
    expect(wrong.body.error).toMatchObject({ code: "invalid_input", field: "confirmBy" });
    const extra = await patch(`/api/settings/keys/${id}`, owner.cookie, { confirmBy: "caller", revoked: true });
    expect(extra.body.error).toMatchObject({ code: "invalid_input", field: "revoked" });
    expect((await patch(`/api/settings/keys/${id}`, owner.cookie, { confirmBy: "caller" }, null)).status).toBe(403);
    expect(await storedKey(id)).toBe("person");

    expect((await patch(`/api/settings/keys/${id}`, owner.cookie, { confirmBy: "caller" })).status).toBe(200);
    expect(await storedKey(id)).toBe("caller");
  });
});

describe("a connected app's choice of who confirms its writes", () => {
  /** A person in one brand, signed in, and an app of their own that asks to read the kit. */
  async function personAndApp() {
    const brand = await makeBrand({ name: "Confirm By Apps" });
    const email = `cb-${randomUUID().slice(0, 8)}@test.example`;
    const { id } = await createUser(db(), { email, name: "Confirm By", password: PASSWORD });
    await addMember(db(), { brand: brand.shortId, email, role: "admin" });
    const cookie = await signInCookie(email, PASSWORD);
    const clientId = (await register()).body.client_id as string;
    const ask = (scope: string, extra: Record<string, string> = {}) =>
      authorize(cookie, {
        client_id: clientId,
        code_challenge: pkce().challenge,
        code_challenge_method: "S256",
        scope,
        ...extra,
      });
    return { id, cookie, brand, clientId, ask };
  }

  it("is the person's unless they choose otherwise on the consent page, and a new consent replaces it", async () => {
    const { id, cookie, brand, clientId, ask } = await personAndApp();
    const first = await consent(cookie, await ask("kit.read"), { brands: [brand.shortId], scopes: ["kit.read"] });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(await storedGrant(id, clientId)).toBe("person");

    // asked for more, the person sees the page again: this answer lets the app confirm
    const wider = await ask("kit.read kit.write");
    expect(wider.pathname).toBe("/oauth/consent");
    const second = await consent(cookie, wider, {
      brands: [brand.shortId],
      scopes: ["kit.read", "kit.write"],
      confirmBy: "caller",
    });
    expect(second.status, JSON.stringify(second.body)).toBe(200);
    expect(await storedGrant(id, clientId)).toBe("caller");

    const again = await ask("kit.read kit.write brand.read");
    const third = await consent(cookie, again, {
      brands: [brand.shortId],
      scopes: ["kit.read", "brand.read"],
      confirmBy: "person",
    });
    expect(third.status, JSON.stringify(third.body)).toBe(200);
    expect(await storedGrant(id, clientId)).toBe("person");
    expect(await db().appGrant.count({ where: { userId: id } })).toBe(1);
  });

  it("a choice that is neither is refused naming it, and nothing is granted", async () => {
    const { id, cookie, brand, ask } = await personAndApp();
    const answer = await consent(cookie, await ask("kit.read"), {
      brands: [brand.shortId],
      scopes: ["kit.read"],
      confirmBy: "robot" as "person",
    });
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: "invalid_input", field: "confirmBy" });
    expect(await db().appGrant.count({ where: { userId: id } })).toBe(0);
  });

  it("is changed by its owner; another person's app is unknown and stays as it was", async () => {
    const { id, cookie, brand, clientId, ask } = await personAndApp();
    await consent(cookie, await ask("kit.read"), { brands: [brand.shortId], scopes: ["kit.read"] });
    const grant = await db().appGrant.findUniqueOrThrow({ where: { userId_clientId: { userId: id, clientId } } });
    const stranger = await signedInPerson();

    for (const path of [`/api/settings/apps/${grant.id}`, "/api/settings/apps/not-a-grant"]) {
      const answer = await patch(path, stranger.cookie, { confirmBy: "caller" });
      expect(answer.status, path).toBe(404);
      expect(answer.body.error).toMatchObject({ code: "not_found", field: "id" });
    }
    expect(await storedGrant(id, clientId)).toBe("person");
    expect((await patch(`/api/settings/apps/${grant.id}`, cookie, { confirmBy: "caller" }, null)).status).toBe(403);
    expect((await patch(`/api/settings/apps/${grant.id}`, cookie, { confirmBy: "either" })).status).toBe(422);
    expect(await storedGrant(id, clientId)).toBe("person");

    const changed = await patch(`/api/settings/apps/${grant.id}`, cookie, { confirmBy: "caller" });
    expect(changed).toEqual({ status: 200, body: { ok: true, data: { id: grant.id, confirmBy: "caller" } } });
    expect(await storedGrant(id, clientId)).toBe("caller");
  });
});
