// A webhook receiver as an integrator runs one: a plain HTTP server on loopback that records every
// delivery (headers and the raw body, which is what signatures are computed over) and answers what
// the test scripts: a status, a hang (for timeouts) or a redirect. Verification is left to the
// tests, with the standardwebhooks and svix libraries unchanged.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Webhook } from "standardwebhooks";

export type Received = {
  id: string;
  timestamp: string;
  signature: string;
  body: string;
  at: number;
  answered: number | "hang" | "redirect";
};
export type Answer = number | "hang" | { redirect: string };

export type Receiver = {
  url: string;
  received: Received[];
  /** what the next requests get, in order; then `fallback` */
  answers: Answer[];
  fallback: Answer;
  /** how long each answer is held back, in ms (a slow receiver) */
  delayMs: number;
  /** the ids answered 2xx, in the order they were */
  deliveredIds(): string[];
  /** closes the port (connections refused) until resume() listens on it again */
  pause(): Promise<void>;
  resume(): Promise<void>;
  stop(): Promise<void>;
};

export async function startReceiver(path = "/hooks"): Promise<Receiver> {
  const received: Received[] = [];
  const receiver = { url: "", received, answers: [] as Answer[], fallback: 200 as Answer, delayMs: 0 } as Receiver;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      if (receiver.delayMs > 0) await new Promise((resolve) => setTimeout(resolve, receiver.delayMs));
      const answer = receiver.answers.shift() ?? receiver.fallback;
      const header = (name: string) => String(request.headers[name] ?? "");
      received.push({
        id: header("webhook-id"),
        timestamp: header("webhook-timestamp"),
        signature: header("webhook-signature"),
        body: Buffer.concat(chunks).toString("utf8"),
        at: Date.now(),
        answered: typeof answer === "number" ? answer : answer === "hang" ? "hang" : "redirect",
      });
      if (answer === "hang") return; // never answers: the sender's timeout must end it
      if (typeof answer === "object") return void response.writeHead(302, { Location: answer.redirect }).end();
      response
        .writeHead(answer, { "Content-Type": "text/plain" })
        .end(answer < 300 ? "thanks" : `no: ${"x".repeat(4000)}`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  receiver.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}${path}`;
  receiver.deliveredIds = () =>
    received.filter((entry) => typeof entry.answered === "number" && entry.answered < 300).map((entry) => entry.id);
  receiver.stop = () =>
    new Promise<void>((resolve) => {
      server.closeAllConnections();
      server.close(() => resolve());
    });
  const port = (server.address() as AddressInfo).port;
  receiver.pause = receiver.stop;
  receiver.resume = () => new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return receiver;
}

/** The integrator's check, as the standardwebhooks README writes it: throws unless signed with this secret. */
export function verify(secret: string, delivery: Received): unknown {
  return new Webhook(secret).verify(delivery.body, {
    "webhook-id": delivery.id,
    "webhook-timestamp": delivery.timestamp,
    "webhook-signature": delivery.signature,
  });
}
