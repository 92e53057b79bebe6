// An invitation's link sent by e-mail, when the operator configured an SMTP server (SMTP_URL and
// MAIL_FROM, lib/config.ts). team.invite calls sendInvitationMail from an after-commit effect with
// the live link: the link is shown once, so it exists only in that answer and in this message,
// never in a stored conversation, a pending call or what the model reads (lib/contract/shown-once.ts).
// Without SMTP_URL nothing is sent and the admin copies the link from the answer instead.
import "server-only";
import { sendMail } from "../mail/transport";
import type { Role } from "../contract/roles";
import { ROLE_WORDS } from "./role-words";
import { dateInWords } from "../words/date-words";

export type InvitationMail = {
  /** the invited address (the link only joins a person signed in as it) */
  to: string;
  brandName: string;
  role: Role;
  /** who invited them, as the team knows them */
  invitedBy: string;
  /** the live link, with its secret: never logged, never stored */
  url: string;
  expiresAt: Date;
  accessUntil?: Date | null;
};

/** Whether invitations are e-mailed here; the page and the team card tell the admin to copy the link when not. */
export { mailConfigured } from "../mail/transport";

/** The message people receive, in words; the link on a line of its own so every mail program makes it clickable. */
export function invitationMessage(mail: InvitationMail): { subject: string; text: string } {
  const role = ROLE_WORDS[mail.role];
  const lines = [
    `${mail.invitedBy} invited you to join ${mail.brandName} on Brand Operations as ${role.article}: ${role.can}.`,
    "",
    "Open this link to accept:",
    mail.url,
    "",
    `The link works once, only for ${mail.to}, until ${dateInWords(mail.expiresAt)}.`,
    ...(mail.accessUntil ? [`Your access to ${mail.brandName} ends on ${dateInWords(mail.accessUntil)}.`] : []),
    "If you did not expect this invitation, ignore this message: nothing happens unless the link is opened and accepted.",
  ];
  return { subject: `Join ${mail.brandName} on Brand Operations`, text: `${lines.join("\n")}\n` };
}

/**
 * Sends the invitation; returns whether it was handed to the SMTP server. Never throws: it runs
 * after the invitation was committed, and a mail server that is down must not undo it (the admin
 * still has the link). A failure is logged without the link.
 */
export function sendInvitationMail(mail: InvitationMail): Promise<boolean> {
  return sendMail({ to: mail.to, ...invitationMessage(mail) }, "invitation e-mail not sent");
}
