// One delivery attempt: signed per Standard Webhooks (webhook-id = the event's id, the same on
// every attempt, so receivers can drop duplicates; webhook-timestamp; webhook-signature "v1,…",
// one signature per valid secret, space separated, which is how a rotation stays seamless), sent
// once, and recorded: the attempt in the log, then the delivery done, due again later, or failed
// once the schedule ran out, which disables the endpoint with the reason for its admins.
import { randomUUID } from "node:crypto";
import { Webhook } from "standardwebhooks";
import { config } from "../config";
import { db } from "../db/client";
import { log } from "../log";
import { MAX_ATTEMPTS, waitAfter } from "./schedule";
import { signingSecrets } from "./secrets";
import { send, type SendResult } from "./send";

type Endpoint = { id: string; url: string; secretSealed: string; previousSecretSealed: string | null; previousSecretUntil: Date | null };
type Delivery = { id: string; eventId: string; payload: string; attempts: number };
export type AttemptOutcome = "delivered" | "retrying" | "failed";

export function signedHeaders(endpoint: Endpoint, delivery: Delivery, at: Date): Record<string, string> {
  const signatures = signingSecrets(endpoint, at).map((secret) => new Webhook(secret).sign(delivery.eventId, at, delivery.payload));
  return { "webhook-id": delivery.eventId, "webhook-timestamp": String(Math.floor(at.getTime() / 1000)), "webhook-signature": signatures.join(" ") };
}

export async function attemptDelivery(endpoint: Endpoint, delivery: Delivery): Promise<AttemptOutcome> {
  const at = new Date();
  const attempt = delivery.attempts + 1;
  let result: SendResult;
  try {
    const headers = signedHeaders(endpoint, delivery, at);
    const { WEBHOOKS_TIMEOUT_SECONDS, WEBHOOKS_ALLOW_LOOPBACK } = config();
    result = await send(endpoint.url, headers, delivery.payload, { timeoutMs: WEBHOOKS_TIMEOUT_SECONDS * 1000, allowLoopback: WEBHOOKS_ALLOW_LOOPBACK });
  } catch (error) {
    // a secret that no longer opens (APP_SECRET changed) fails like a refused delivery, in the log
    result = { status: null, body: null, error: `not sent: ${(error as Error).message}`, durationMs: 0 };
  }
  const delivered = result.status !== null && result.status >= 200 && result.status < 300;
  const why = result.error ?? (delivered ? null : result.status !== null && result.status >= 300 && result.status < 400 ? `HTTP ${result.status} (redirects are not followed)` : `HTTP ${result.status}`);
  const now = new Date();
  const wait = delivered ? null : waitAfter(attempt);
  const outcome: AttemptOutcome = delivered ? "delivered" : wait === null ? "failed" : "retrying";
  await db().$transaction(async (tx) => {
    await tx.webhookAttempt.create({
      data: {
        id: randomUUID(), deliveryId: delivery.id, endpointId: endpoint.id, attempt, status: delivered ? "delivered" : "failed",
        responseCode: result.status, responseBody: result.body, error: why, durationMs: result.durationMs, at,
      },
    });
    await tx.webhookDelivery.updateMany({
      where: { id: delivery.id, status: "pending" },
      data: {
        attempts: attempt, lastStatus: result.status, lastError: why, updatedAt: now,
        ...(outcome === "delivered" ? { status: "delivered" } : outcome === "failed" ? { status: "failed" } : { nextAttemptAt: new Date(now.getTime() + wait!) }),
      },
    });
    if (outcome === "failed") {
      const reason = `Disabled on ${now.toISOString()}: ${MAX_ATTEMPTS} attempts over three days failed (last: ${why}). Fix the receiver, then enable the endpoint again; its waiting events follow in order.`;
      await tx.webhookEndpoint.update({ where: { id: endpoint.id }, data: { enabled: false, disabledReason: reason, updatedAt: now } });
    }
  });
  if (outcome === "failed") log.warn({ component: "webhooks", endpointId: endpoint.id, deliveryId: delivery.id }, `webhook endpoint ${endpoint.id} disabled: the retry schedule ran out (last: ${why})`);
  return outcome;
}
