// E-mail to people, when the operator configured an SMTP server (SMTP_URL and MAIL_FROM,
// lib/config.ts): team invitations (lib/team/mail.ts) and writes waiting for a person's Confirm
// (waiting.ts). Without SMTP_URL nothing is sent, and every page says what the e-mail would have.
import "server-only";
import { createTransport } from "nodemailer";
import { config } from "../config";
import { log } from "../log";

/** Whether e-mail is sent here at all. */
export function mailConfigured(): boolean {
  return config().SMTP_URL !== undefined;
}

// one bound for each step of a send: an unreachable server must not hold its caller for minutes
const TIMEOUT_MS = 15_000;

export type Message = { to: string; subject: string; text: string };

/**
 * Hands the message to the SMTP server; returns whether it took it. Never throws: a mail server
 * that is down must not undo what the e-mail tells of. A failure is logged as `failed` with the
 * recipient's domain only, never the text (it may hold a link that is a secret).
 */
export async function sendMail(message: Message, failed: string): Promise<boolean> {
  const settings = config();
  if (!settings.SMTP_URL || !settings.MAIL_FROM) return false;
  const transport = createTransport({
    url: settings.SMTP_URL,
    connectionTimeout: TIMEOUT_MS,
    greetingTimeout: TIMEOUT_MS,
    socketTimeout: TIMEOUT_MS,
  });
  try {
    await transport.sendMail({ from: settings.MAIL_FROM, ...message });
    return true;
  } catch (error) {
    const { code, responseCode } = (error ?? {}) as { code?: string; responseCode?: number };
    log.error(
      { code, responseCode, toDomain: message.to.split("@")[1], message: (error as Error)?.message?.slice(0, 300) },
      failed,
    );
    return false;
  } finally {
    transport.close();
  }
}
