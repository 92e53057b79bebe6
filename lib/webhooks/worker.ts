// The delivery worker every instance runs (started by lib/ops/webhook-loop.ts). Per endpoint, one
// attempt in flight and the oldest delivery first: an instance claims the endpoint with one
// conditional update (a token and an expiry), sends its due deliveries in order, stops at the
// first failure (it waits for its retry time, so later events never overtake it) or before an
// attempt could outlast the claim, then records the batch and releases the claim in one
// transaction (lib/webhooks/record.ts). A killed instance's claim simply expires, and another
// instance takes over; what it had sent but not recorded is sent again (at least once).
import { randomUUID } from "node:crypto";
import { config } from "../config";
import { db } from "../db/client";
import { attemptDelivery, type Attempted } from "./attempt";
import { recordAttempts } from "./record";

/** Deliveries one claim sends at most before the endpoint is left for the next round (fairness). */
const PER_CLAIM = 100;
/** Time kept in hand at the end of a claim for recording the batch. */
const MARGIN_MS = 5_000;

const timeoutMs = () => config().WEBHOOKS_TIMEOUT_SECONDS * 1000;
const free = (now: Date) => ({ OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] });

/** One round: every endpoint with a delivery due, WEBHOOKS_CONCURRENCY at a time. */
export async function drainWebhooks(): Promise<void> {
  const now = new Date();
  const due = await db().webhookEndpoint.findMany({
    where: { enabled: true, ...free(now), deliveries: { some: { status: "pending", nextAttemptAt: { lte: now } } } },
    select: { id: true },
    take: 500,
  });
  const queue = due.map((endpoint) => endpoint.id);
  const lanes = Array.from({ length: Math.min(config().WEBHOOKS_CONCURRENCY, queue.length) }, async () => {
    for (let id = queue.shift(); id; id = queue.shift()) await serveEndpoint(id);
  });
  await Promise.all(lanes);
}

/** Claims one endpoint and sends its due deliveries oldest first; false when another instance holds it. */
export async function serveEndpoint(endpointId: string): Promise<boolean> {
  const token = randomUUID();
  const claimedAt = Date.now();
  // long enough for one attempt after another has used up to a whole timeout, plus the recording
  const until = new Date(claimedAt + 2 * timeoutMs() + MARGIN_MS);
  const held = await db().webhookEndpoint.updateMany({
    where: { id: endpointId, enabled: true, ...free(new Date(claimedAt)) },
    data: { claimToken: token, claimedUntil: until },
  });
  if (held.count !== 1) return false;
  const attempts: Attempted[] = [];
  try {
    const endpoint = await db().webhookEndpoint.findUniqueOrThrow({ where: { id: endpointId } });
    const queue = await db().webhookDelivery.findMany({
      where: { endpointId, status: "pending" },
      orderBy: { id: "asc" },
      take: PER_CLAIM,
      select: { id: true, eventId: true, payload: true, attempts: true, nextAttemptAt: true },
    });
    for (const delivery of queue) {
      if (delivery.nextAttemptAt.getTime() > Date.now()) break;
      if (Date.now() + timeoutMs() > until.getTime() - MARGIN_MS) break;
      const attempt = await attemptDelivery(endpoint, delivery);
      attempts.push(attempt);
      if (!attempt.delivered) break;
    }
  } finally {
    await recordAttempts(endpointId, token, attempts);
  }
  return true;
}
