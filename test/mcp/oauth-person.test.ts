// Who confirms an OAuth app's writes (an agent signed in through the consent page): its person by
// default, and the consent page's choice is stored on the grant; a brand whose admins require it
// makes every grant's writes wait for their person, whatever the grant chose.
import { randomBytes, randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createUser } from "../../lib/admin/commands";
import { db } from "../../lib/db/client";
import { callTool, connect, signInCookie } from "../support/oauth-flow";
import { makeBrand } from "../support/world";

let brand: { shortId: string; id: string };
let cookie: string;
let personId: string;

beforeAll(async () => {
  brand = await makeBrand({ name: "Agents Brand" });
  const email = `agents-${randomUUID().slice(0, 8)}@test.example`;
  const password = `pw-${randomUUID()}`;
  personId = (await createUser(db(), { email, name: "Agent Owner", password })).id;
  await addMember(db(), { brand: brand.shortId, email, role: "admin" });
  cookie = await signInCookie(email, password);
});

const colour = () => ({
  brand: brand.shortId,
  name: `OAuth ${randomBytes(3).toString("hex")}`,
  hex: `#${randomBytes(3).toString("hex")}`,
  role: "accent",
});

/** The tool call's error member (its structuredContent), checked to be confirmation_required. */
async function askToWrite(accessToken: string) {
  const answer = await callTool(accessToken, "kit_colors_add", colour());
  expect(answer.status).toBe(200);
  const result = (answer.body as { result: { isError: boolean; structuredContent: any } }).result;
  expect(result.structuredContent.error.code, JSON.stringify(result)).toBe("confirmation_required");
  return { error: result.structuredContent.error, whole: JSON.stringify(answer.body) };
}

const grantOf = async (clientId: string) =>
  db().appGrant.findUniqueOrThrow({ where: { userId_clientId: { userId: personId, clientId } } });

describe("an OAuth app's writes", () => {
  it("wait for the person by default: no token, a confirmation to decide in the app", async () => {
    const app = await connect(cookie, { brands: [brand.shortId], scopes: ["kit.write", "kit.read"] });
    expect((await grantOf(app.clientId)).confirmBy).toBe("person");
    const { error, whole } = await askToWrite(app.tokens.access_token);
    expect(error.confirmation.id).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(whole).not.toMatch(/confirmationToken|bct_/);
  });

  it("get the token when the person chose so on the consent page, until the brand requires a person", async () => {
    const app = await connect(cookie, {
      brands: [brand.shortId],
      scopes: ["kit.write", "kit.read"],
      confirmBy: "caller",
    });
    expect((await grantOf(app.clientId)).confirmBy).toBe("caller");
    const asked = await askToWrite(app.tokens.access_token);
    expect(asked.error.confirmationToken).toMatch(/^bct_/);
    expect(asked.error.confirmation).toBeUndefined();
    await db().brand.update({ where: { id: brand.id }, data: { agentsConfirmBy: "person" } });
    try {
      const forced = await askToWrite(app.tokens.access_token);
      expect(forced.error.confirmation.id).toMatch(/^[A-Za-z0-9]{32}$/);
      expect(forced.whole).not.toMatch(/confirmationToken|bct_/);
    } finally {
      await db().brand.update({ where: { id: brand.id }, data: { agentsConfirmBy: "either" } });
    }
  });
});
