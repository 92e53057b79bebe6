// Team invitations by e-mail, sent to a real SMTP server on loopback (smtp-server):
// team.invite on a server started with SMTP_URL sends the link, which the test follows to sign up
// and join; the message lib/team/mail.ts sends, what happens when the relay refuses it or none is
// configured, and the settings it needs.
import { afterAll, afterEach, beforeAll, describe, expect, inject, it } from "vitest";
import { config, resetConfigForTests } from "../../lib/config";
import { db } from "../../lib/db/client";
import { invitationMessage, mailConfigured, sendInvitationMail } from "../../lib/team/mail";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { headerOf, startSmtpReceiver, textOf, type SmtpReceiver } from "../support/smtp-receiver";
import { confirmAndCall, expectOk, makeWorld } from "../support/world";

let smtp: SmtpReceiver;
const saved = { SMTP_URL: process.env.SMTP_URL, MAIL_FROM: process.env.MAIL_FROM };

function configure(settings: { SMTP_URL?: string; MAIL_FROM?: string }) {
  for (const name of ["SMTP_URL", "MAIL_FROM"] as const) {
    if (settings[name] === undefined) delete process.env[name];
    else process.env[name] = settings[name];
  }
  resetConfigForTests();
}

beforeAll(async () => {
  smtp = await startSmtpReceiver();
});
afterAll(async () => {
  configure(saved);
  await smtp?.stop();
});
afterEach(() => {
  smtp.refuse = false;
});

const invitation = (to: string) => ({
  to,
  brandName: "Mailed Roasters",
  role: "member" as const,
  invitedBy: "Ana Admin",
  url: `https://brand-ops.example/invite/secret-${to.split("@")[0]}`,
  expiresAt: new Date("2026-12-05T10:00:00Z"),
  accessUntil: new Date("2027-01-31T00:00:00Z"),
});

// team.invite sends the live link from an after-commit effect (lib/capabilities/team/invite.ts)
describe("team.invite with SMTP_URL set", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({
      ...inject("testEnv"),
      SMTP_URL: smtp.url,
      MAIL_FROM: "Team <team@brand-ops.example>",
    });
  });
  afterAll(() => server?.stop());

  it("e-mails the live link to the invited address; following it, the person signs up and joins the brand", async () => {
    const world = await makeWorld();
    const email = `mailed-${Date.now()}@example.com`;
    const data = expectOk(
      await confirmAndCall(
        "team.invite",
        world.admin.key,
        { brand: world.brand.shortId, email, role: "member" },
        { url: server.url },
      ),
    );
    const received = await smtp.waitFor(email);
    expect(received.from).toBe("team@brand-ops.example");
    const text = textOf(received.raw);
    const link = text.split(/\r?\n/).find((line) => line.startsWith(`${server.url}/invite/`));
    // the same link the admin was shown once: the live one, never a stored marker
    expect(link).toBe(data.inviteUrl);
    expect(text).toContain("on Brand Operations as a member");

    // followed: the page offers to sign up with that address, and signing up joins the brand
    const page = await fetch(link!);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("invite-form-sign-up");
    const signUp = await fetch(`${server.url}/api/invite/sign-up`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: server.url },
      body: JSON.stringify({ token: link!.split("/").at(-1), name: "Mia Mailed", password: "mailed password" }),
    });
    expect(await signUp.json()).toMatchObject({
      outcome: "ok",
      role: "member",
      brand: { shortId: world.brand.shortId },
    });
    const joined = await db().membership.findFirst({ where: { brandId: world.brand.id, user: { email } } });
    expect(joined?.role).toBe("member");
    // the link's secret is in no log line of the server that sent it
    expect(server.output()).not.toContain(link!.split("/").at(-1));
  });
});

describe("invitation e-mail", () => {
  it("is sent to the invited address through SMTP_URL, from MAIL_FROM, with the link on a line of its own", async () => {
    configure({ SMTP_URL: smtp.url, MAIL_FROM: "Brand Operations <team@brand-ops.example>" });
    expect(mailConfigured()).toBe(true);
    const mail = invitation("mira@example.com");
    expect(await sendInvitationMail(mail)).toBe(true);
    const received = await smtp.waitFor("mira@example.com");
    expect(received.from).toBe("team@brand-ops.example");
    expect(headerOf(received.raw, "Subject")).toBe("Join Mailed Roasters on Brand Operations");
    const text = textOf(received.raw);
    expect(text.split(/\r?\n/)).toContain(mail.url);
    expect(text).toContain("Ana Admin invited you to join Mailed Roasters on Brand Operations as a member");
    expect(text).toContain("only for mira@example.com, until 5 December 2026, 10:00 UTC");
    expect(text).toContain("Your access to Mailed Roasters ends on 31 January 2027");
    // words for people: no role value, no ISO time
    expect(text).not.toMatch(/\bmember\b.*\bviewer\b|T\d\d:\d\d:\d\dZ/);
  });

  it("returns false without throwing when the relay refuses the address; the link is not logged", async () => {
    configure({ SMTP_URL: smtp.url, MAIL_FROM: "team@brand-ops.example" });
    smtp.refuse = true;
    const before = smtp.received.length;
    expect(await sendInvitationMail(invitation("refused@example.com"))).toBe(false);
    expect(smtp.received.length).toBe(before);
  });

  it("sends nothing when SMTP_URL is unset: the admin copies the link", async () => {
    configure({});
    expect(mailConfigured()).toBe(false);
    const before = smtp.received.length;
    expect(await sendInvitationMail(invitation("nobody@example.com"))).toBe(false);
    expect(smtp.received.length).toBe(before);
  });

  it("the message has no time in machine format when the access has no end", () => {
    const { text } = invitationMessage({ ...invitation("a@example.com"), role: "admin", accessUntil: null });
    expect(text).toContain("as an admin");
    expect(text).not.toContain("access to Mailed Roasters ends");
  });
});

describe("mail settings", () => {
  it("SMTP_URL needs MAIL_FROM, and each is refused in a sentence naming it when malformed", () => {
    configure({ SMTP_URL: smtp.url });
    expect(() => config()).toThrow("MAIL_FROM: SMTP_URL is set but MAIL_FROM is not");
    configure({ SMTP_URL: "mail.example.com:25", MAIL_FROM: "team@example.com" });
    expect(() => config()).toThrow("SMTP_URL must be an smtp:// or smtps:// URL");
    configure({ SMTP_URL: smtp.url, MAIL_FROM: "not an address" });
    expect(() => config()).toThrow("MAIL_FROM must be an e-mail address");
    configure({ SMTP_URL: smtp.url, MAIL_FROM: "Brand Operations <team@example.com>" });
    expect(config().MAIL_FROM).toBe("Brand Operations <team@example.com>");
  });
});
