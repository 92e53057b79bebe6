// The e-mail about a write waiting for its person (lib/mail/waiting.ts), sent to a real SMTP server on
// loopback by a server started with SMTP_URL: a link to "Waiting for you" and nothing that confirms
// by itself; at most one per person per 10 minutes, however many writes are parked at once; none
// without SMTP. The call that parks the write never waits for it.
import { randomBytes } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { addMember } from "../../lib/admin/commands";
import { resetConfigForTests } from "../../lib/config";
import { randomBase62 } from "../../lib/crypto";
import { db } from "../../lib/db/client";
import { mailWaitingWrite } from "../../lib/mail/waiting";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { headerOf, startSmtpReceiver, textOf, type SmtpReceiver } from "../support/smtp-receiver";
import { call, expectError, makeBrand, makeKey, makePerson } from "../support/world";

let smtp: SmtpReceiver;
let server: RunningServer;
let brand: Awaited<ReturnType<typeof makeBrand>>;

beforeAll(async () => {
  smtp = await startSmtpReceiver();
  server = await startServer({
    ...inject("testEnv"),
    SMTP_URL: smtp.url,
    MAIL_FROM: "Brand Ops <ops@brand-ops.example>",
  });
  brand = await makeBrand({ name: "Mailed Waiting Roasters" });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.stop();
});

/** An admin of the brand with a key whose writes wait for them. */
async function person() {
  const made = await makePerson({ name: "Mailed Person" });
  await addMember(db(), { brand: brand.shortId, email: made.email, role: "admin" });
  const key = await makeKey(made.email);
  await db().apiKey.update({ where: { id: key.id }, data: { confirmBy: "person" } });
  return { ...made, key: key.key };
}

/** Parks a colour on `url`'s server; returns its confirmation id and name. */
async function park(key: string, url = server.url) {
  const name = `Mailed ${randomBytes(3).toString("hex")}`;
  const answer = await call(
    "kit.colors.add",
    key,
    { brand: brand.shortId, name, hex: `#${randomBytes(3).toString("hex")}`, role: "accent" },
    { url },
  );
  return { id: expectError(answer, 409, "confirmation_required").confirmation.id as string, name };
}

const mailsTo = (email: string) => smtp.received.filter((mail) => mail.to.includes(email));
/** Long enough for an e-mail the server would have sent to arrive. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 1500));

describe("the e-mail about a write waiting for its person", () => {
  it("links to Waiting for you, says what waits, and holds nothing that confirms", async () => {
    const { email, key } = await person();
    const { id, name } = await park(key);
    const mail = await smtp.waitFor(email);
    expect(mail.from).toBe("ops@brand-ops.example");
    expect(headerOf(mail.raw, "Subject")).toBe("Waiting for you: a change in Mailed Waiting Roasters");
    const text = textOf(mail.raw);
    const links = text.split(/\r?\n/).filter((line) => line.includes("://"));
    expect(links).toEqual([`${server.url}/waiting`]);
    expect(text).toContain(name);
    expect(text).toContain("Nothing is written unless you confirm it there, signed in.");
    // neither the call's id nor a token: the link only opens the list, where the signed-in person decides
    expect(mail.raw).not.toContain(id);
    expect(mail.raw).not.toMatch(/bct_|\/api\/confirm|token/i);
    expect((await db().pendingCall.findUnique({ where: { id } }))?.mailedAt).toBeInstanceOf(Date);
  });

  it("is sent once per person in 10 minutes, however many writes are parked at once; each person has their own", async () => {
    const first = await person();
    const second = await person();
    const parked = await Promise.all([
      ...Array.from({ length: 5 }, () => park(first.key)),
      ...Array.from({ length: 3 }, () => park(second.key)),
    ]);
    await smtp.waitFor(first.email);
    await smtp.waitFor(second.email);
    await settle();
    expect(mailsTo(first.email)).toHaveLength(1);
    expect(mailsTo(second.email)).toHaveLength(1);
    const marked = await db().pendingCall.count({
      where: { id: { in: parked.map((call) => call.id) }, mailedAt: { not: null } },
    });
    expect(marked).toBe(2);

    // one more within the 10 minutes: on the list, not e-mailed
    const later = await park(first.key);
    await settle();
    expect(mailsTo(first.email)).toHaveLength(1);
    expect((await db().pendingCall.findUnique({ where: { id: later.id } }))?.mailedAt).toBeNull();

    // 10 minutes after the last e-mail, the next write is e-mailed again
    await db().pendingCall.updateMany({
      where: { userId: first.id, mailedAt: { not: null } },
      data: { mailedAt: new Date(Date.now() - 10 * 60_000 - 1000) },
    });
    const after = await park(first.key);
    for (let waited = 0; mailsTo(first.email).length < 2 && waited < 15_000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    expect(mailsTo(first.email)).toHaveLength(2);
    expect(textOf(mailsTo(first.email)[1]!.raw)).toContain(after.name);
  });

  it("leaves the call parked and answered when the relay refuses the address", async () => {
    const { email, key } = await person();
    smtp.refuse = true;
    try {
      const { id } = await park(key);
      await settle();
      expect(mailsTo(email)).toHaveLength(0);
      expect((await db().pendingCall.findUnique({ where: { id } }))?.status).toBe("pending");
    } finally {
      smtp.refuse = false;
    }
  });

  it("of writes parked at the same moment, exactly one is e-mailed: one conditional update decides", async () => {
    const { id: userId, email } = await person();
    const expiresAt = new Date(Date.now() + 3_600_000);
    const ids = Array.from({ length: 8 }, () => randomBase62(32));
    await db().pendingCall.createMany({
      data: ids.map((id) => ({
        id,
        userId,
        brandId: brand.id,
        capabilityId: "kit.colors.add",
        input: "{}",
        summary: `Add the colour ${id}`,
        door: "api",
        caller: "person:key:raced",
        expiresAt,
      })),
    });
    const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };
    Object.assign(process.env, { SMTP_URL: smtp.url, MAIL_FROM: "ops@brand-ops.example" });
    resetConfigForTests();
    try {
      const sent = await Promise.all(
        ids.map((pendingId) =>
          mailWaitingWrite({ userId, pendingId, brandId: brand.id, summary: `Add the colour ${pendingId}`, expiresAt }),
        ),
      );
      expect(sent.filter(Boolean)).toHaveLength(1);
    } finally {
      for (const [name, value] of Object.entries(saved))
        if (value === undefined) delete process.env[name];
        else process.env[name] = value;
      resetConfigForTests();
    }
    await settle();
    expect(mailsTo(email)).toHaveLength(1);
    expect(await db().pendingCall.count({ where: { id: { in: ids }, mailedAt: { not: null } } })).toBe(1);
  });

  it("is not sent by a server without SMTP_URL", async () => {
    const { email, key } = await person();
    const { id } = await park(key, inject("baseUrl"));
    await settle();
    expect(mailsTo(email)).toHaveLength(0);
    expect((await db().pendingCall.findUnique({ where: { id } }))?.mailedAt).toBeNull();
  });
});
