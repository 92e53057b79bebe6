// One delivery attempt: signed per Standard Webhooks (webhook-id = the event's id, the same on
// every attempt, so receivers can drop duplicates; webhook-timestamp; webhook-signature "v1,…",
// one signature per valid secret, space separated, which is how a rotation stays seamless) and
// sent once. Recording what happened is lib/webhooks/record.ts's, in batches.
import { Webhook } from "standardwebhooks";
import { config } from "../config";
import { signingSecrets } from "./secrets";
import { send, type SendResult } from "./send";

export type Endpoint = {
  id: string;
  url: string;
  secretSealed: string;
  previousSecretSealed: string | null;
  previousSecretUntil: Date | null;
};
export type Delivery = { id: string; eventId: string; payload: string; attempts: number };
export type Attempted<D extends Delivery = Delivery> = {
  delivery: D;
  at: Date;
  result: SendResult;
  delivered: boolean;
  why: string | null;
};

export function signedHeaders(endpoint: Endpoint, delivery: Delivery, at: Date): Record<string, string> {
  const signatures = signingSecrets(endpoint, at).map((secret) =>
    new Webhook(secret).sign(delivery.eventId, at, delivery.payload),
  );
  return {
    "webhook-id": delivery.eventId,
    "webhook-timestamp": String(Math.floor(at.getTime() / 1000)),
    "webhook-signature": signatures.join(" "),
  };
}

export async function attemptDelivery<D extends Delivery>(endpoint: Endpoint, delivery: D): Promise<Attempted<D>> {
  const at = new Date();
  let result: SendResult;
  try {
    const headers = signedHeaders(endpoint, delivery, at);
    const { WEBHOOKS_TIMEOUT_SECONDS, WEBHOOKS_ALLOW_LOOPBACK } = config();
    result = await send(endpoint.url, headers, delivery.payload, {
      timeoutMs: WEBHOOKS_TIMEOUT_SECONDS * 1000,
      allowLoopback: WEBHOOKS_ALLOW_LOOPBACK,
    });
  } catch (error) {
    // a secret that no longer opens (APP_SECRET changed) fails like a refused delivery, in the log
    result = { status: null, body: null, error: `not sent: ${(error as Error).message}`, durationMs: 0 };
  }
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const redirect = result.status !== null && result.status >= 300 && result.status < 400;
  const why =
    result.error ??
    (delivered ? null : redirect ? `HTTP ${result.status} (redirects are not followed)` : `HTTP ${result.status}`);
  return { delivery, at, result, delivered, why };
}
