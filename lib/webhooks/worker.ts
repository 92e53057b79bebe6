// The delivery worker every instance runs (started by lib/ops/webhook-loop.ts). Per endpoint, one
// attempt in flight and the oldest delivery first: an instance claims the endpoint with one
// conditional update (a token and an expiry, renewed before each attempt), sends its due
// deliveries in order, and stops at the first failure, which waits for its retry time, so later
// events never overtake it. A killed instance's claim simply expires, and another takes over.
import { randomUUID } from "node:crypto";
import { config } from "../config";
import { db } from "../db/client";
import { attemptDelivery } from "./attempt";

/** Deliveries one claim sends before the endpoint is left for the next round (fairness). */
const PER_CLAIM = 50;

const claimMs = () => config().WEBHOOKS_TIMEOUT_SECONDS * 1000 + 5_000;
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
  const hold = async () => {
    const now = new Date();
    const held = await db().webhookEndpoint.updateMany({
      where: { id: endpointId, enabled: true, OR: [{ claimToken: token }, ...free(now).OR] },
      data: { claimToken: token, claimedUntil: new Date(now.getTime() + claimMs()) },
    });
    return held.count === 1;
  };
  if (!(await hold())) return false;
  try {
    for (let sent = 0; sent < PER_CLAIM; sent++) {
      const endpoint = await db().webhookEndpoint.findUnique({ where: { id: endpointId } });
      const head = await db().webhookDelivery.findFirst({ where: { endpointId, status: "pending" }, orderBy: { id: "asc" } });
      if (!endpoint?.enabled || !head || head.nextAttemptAt > new Date()) break;
      if (sent > 0 && !(await hold())) return true;
      if ((await attemptDelivery(endpoint, head)) !== "delivered") break;
    }
  } finally {
    await db().webhookEndpoint.updateMany({ where: { id: endpointId, claimToken: token }, data: { claimToken: null, claimedUntil: null } });
  }
  return true;
}
