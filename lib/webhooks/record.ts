// What a claim's attempts did, written in one transaction with the claim's release: the attempts
// in the log, the delivered deliveries done, and the failed one (the last of a batch: a failure
// stops the endpoint's queue) due again later, or failed once the schedule ran out, which disables
// the endpoint with the reason for its admins. Fewer writes per delivery keep the delivery worker
// from crowding the service's own writes (one writer on SQLite). A crash before this commits
// sends those deliveries again: at least once, never lost.
import { randomUUID } from "node:crypto";
import { db } from "../db/client";
import { log } from "../log";
import type { Attempted } from "./attempt";
import { MAX_ATTEMPTS, waitAfter } from "./schedule";

export async function recordAttempts(endpointId: string, claimToken: string, attempts: Attempted[]): Promise<void> {
  const now = new Date();
  const delivered = attempts.filter((attempt) => attempt.delivered);
  const failed = attempts.find((attempt) => !attempt.delivered);
  const wait = failed ? waitAfter(failed.delivery.attempts + 1) : null;
  await db().$transaction(async (tx) => {
    if (attempts.length > 0) {
      await tx.webhookAttempt.createMany({
        data: attempts.map(({ delivery, at, result, delivered: ok, why }) => ({
          id: randomUUID(),
          deliveryId: delivery.id,
          endpointId,
          attempt: delivery.attempts + 1,
          status: ok ? "delivered" : "failed",
          responseCode: result.status,
          responseBody: result.body,
          error: why,
          durationMs: result.durationMs,
          at,
        })),
      });
    }
    // grouped by answer code: usually one update for the whole batch
    for (const code of new Set(delivered.map((attempt) => attempt.result.status))) {
      const ids = delivered.filter((attempt) => attempt.result.status === code).map((attempt) => attempt.delivery.id);
      await tx.webhookDelivery.updateMany({
        where: { id: { in: ids }, status: "pending" },
        data: { status: "delivered", attempts: { increment: 1 }, lastStatus: code, lastError: null, updatedAt: now },
      });
    }
    if (failed) {
      await tx.webhookDelivery.updateMany({
        where: { id: failed.delivery.id, status: "pending" },
        data: {
          attempts: failed.delivery.attempts + 1,
          lastStatus: failed.result.status,
          lastError: failed.why,
          updatedAt: now,
          ...(wait === null ? { status: "failed" } : { nextAttemptAt: new Date(now.getTime() + wait) }),
        },
      });
    }
    const disable = failed && wait === null;
    const reason = disable
      ? `Disabled on ${now.toISOString()}: ${MAX_ATTEMPTS} attempts over three days failed (last: ${failed.why}). Fix the receiver, then enable the endpoint again; its waiting events follow in order.`
      : null;
    if (disable)
      await tx.webhookEndpoint.updateMany({
        where: { id: endpointId },
        data: { enabled: false, disabledReason: reason, updatedAt: now },
      });
    await tx.webhookEndpoint.updateMany({
      where: { id: endpointId, claimToken },
      data: { claimToken: null, claimedUntil: null },
    });
    if (disable && failed)
      log.warn(
        { component: "webhooks", endpointId, deliveryId: failed.delivery.id },
        `webhook endpoint ${endpointId} disabled: the retry schedule ran out (last: ${failed.why})`,
      );
  });
}
