// A person whose key or app parked a write for their Confirm hears of it by e-mail, when SMTP is
// configured: a link to "Waiting for you" and nothing else to act on. The link confirms nothing by
// itself; the person signs in and decides on the page. At most one e-mail per person per 10
// minutes: the parked call that gets one is marked (PendingCall.mailedAt) by a conditional update,
// in one transaction with the look at the person's other marks and under the person's lock, so of
// calls parked together on any instance one sends and the others wait on the page it links to.
import "server-only";
import { config } from "../config";
import { db, holdTheWriter } from "../db/client";
import { lockKey } from "../db/locks";
import { log } from "../log";
import { dateInWords } from "../words/date-words";
import { mailConfigured, sendMail } from "./transport";

/** The quiet time after an e-mail about a waiting write, per person. */
const WAITING_MAIL_QUIET_MS = 10 * 60_000;

export type WaitingWrite = {
  userId: string;
  /** the parked call (PendingCall.id) */
  pendingId: string;
  brandId: string;
  /** the server's sentence saying exactly what will change */
  summary: string;
  expiresAt: Date;
};

/** The e-mail's words: what waits, where to decide, until when. */
export function waitingMessage(write: { brandName: string; summary: string; expiresAt: Date; url: string }) {
  const lines = [
    `A change in ${write.brandName} is waiting for you to confirm it on Brand Operations:`,
    "",
    write.summary,
    "",
    "Open this page to confirm or decline it (and anything else waiting for you):",
    write.url,
    "",
    `Nothing is written unless you confirm it there, signed in. It waits until ${dateInWords(write.expiresAt)}.`,
    "While changes keep arriving, you get at most one of these e-mails every 10 minutes.",
  ];
  return { subject: `Waiting for you: a change in ${write.brandName}`, text: `${lines.join("\n")}\n` };
}

/**
 * E-mails the person about this write unless SMTP is off or they had such an e-mail in the last
 * 10 minutes; returns whether one was handed to the SMTP server. Never throws: the write waits on
 * the page whatever becomes of the e-mail.
 */
export async function mailWaitingWrite(write: WaitingWrite, now = new Date()): Promise<boolean> {
  try {
    if (!mailConfigured() || !(await takeTurn(write.userId, write.pendingId, now))) return false;
    const [person, brand] = await Promise.all([
      db().user.findUnique({ where: { id: write.userId }, select: { email: true } }),
      db().brand.findUnique({ where: { id: write.brandId }, select: { name: true } }),
    ]);
    if (!person || !brand) return false;
    const url = new URL("/waiting", config().APP_URL).toString();
    const message = waitingMessage({ brandName: brand.name, summary: write.summary, expiresAt: write.expiresAt, url });
    return await sendMail({ to: person.email, ...message }, "waiting e-mail not sent");
  } catch (error) {
    log.error({ message: (error as Error)?.message?.slice(0, 300) }, "waiting e-mail not sent");
    return false;
  }
}

/** Whether this call is the one its person is e-mailed about: none of theirs was in the quiet time. */
async function takeTurn(userId: string, pendingId: string, now: Date): Promise<boolean> {
  return db().$transaction(async (tx) => {
    // calls parked together queue here (SQLite: its one writer; PostgreSQL: the person's lock)
    await holdTheWriter(tx);
    await lockKey(tx, `waiting-mail:${userId}`);
    const recent = await tx.pendingCall.count({
      where: { userId, mailedAt: { gt: new Date(now.getTime() - WAITING_MAIL_QUIET_MS) } },
    });
    if (recent > 0) return false;
    const marked = await tx.pendingCall.updateMany({
      where: { id: pendingId, userId, mailedAt: null },
      data: { mailedAt: now },
    });
    return marked.count === 1;
  });
}
