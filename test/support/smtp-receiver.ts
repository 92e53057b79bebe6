// A real SMTP server on loopback (the smtp-server package, as a mail provider runs one) that keeps
// every message it accepts: its envelope and its raw text. Plain SMTP without TLS or sign-in, as a
// local relay is; `refuse` makes it answer 550 to the next recipients (an address the relay refuses).
import type { AddressInfo } from "node:net";
import { SMTPServer } from "smtp-server";

export type ReceivedMail = { from: string; to: string[]; raw: string };

export type SmtpReceiver = {
  /** smtp://127.0.0.1:<port> */
  url: string;
  received: ReceivedMail[];
  /** recipients refused with 550 while true */
  refuse: boolean;
  /** the first message to this address, waiting up to `ms` for it */
  waitFor(to: string, ms?: number): Promise<ReceivedMail>;
  stop(): Promise<void>;
};

export async function startSmtpReceiver(): Promise<SmtpReceiver> {
  const received: ReceivedMail[] = [];
  const receiver = { received, refuse: false } as SmtpReceiver;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS", "AUTH"],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (receiver.refuse) {
        const error = Object.assign(new Error("Mailbox unavailable"), { responseCode: 550 });
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on("data", (chunk: Buffer) => chunks.push(chunk));
      stream.on("end", () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : "",
          to: session.envelope.rcptTo.map((recipient) => recipient.address),
          raw: Buffer.concat(chunks).toString("utf8"),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `smtp://127.0.0.1:${(server.server.address() as AddressInfo).port}`;
  receiver.waitFor = async (to, ms = 15_000) => {
    const deadline = Date.now() + ms;
    for (;;) {
      const mail = received.find((message) => message.to.includes(to));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no message to ${to} within ${ms} ms`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  receiver.stop = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return receiver;
}

/** The message's text body, decoded (quoted-printable or base64, as nodemailer chose). */
export function textOf(raw: string): string {
  const [head = "", ...rest] = raw.split(/\r?\n\r?\n/);
  const body = rest.join("\n\n");
  const encoding = /content-transfer-encoding:\s*([\w-]+)/i.exec(head)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") {
    const joined = body.replace(/=\r?\n/g, "");
    return Buffer.from(
      joined.replace(/=([0-9A-F]{2})/gi, (_match, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
      "latin1",
    ).toString("utf8");
  }
  return body;
}

/** The header's value (unfolded), or undefined. */
export function headerOf(raw: string, name: string): string | undefined {
  const head = (raw.split(/\r?\n\r?\n/)[0] ?? "").replace(/\r?\n[ \t]+/g, " ");
  const line = head.split(/\r?\n/).find((item) => item.toLowerCase().startsWith(`${name.toLowerCase()}:`));
  return line?.slice(name.length + 1).trim();
}
