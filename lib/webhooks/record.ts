// What a claim's attempts did, written in one transaction with the claim's release: the attempts
// in the log, the delivered deliveries done, and the failed one (the last of a batch: a failure
// stops the endpoint's queue) due again later, or failed once the schedule ran out, which disables
// the endpoint with the reason for its admins. Fewer writes per delivery keep the delivery worker
// from crowding the service's own writes (one writer on SQLite). A crash before this commits
// sends those deliveries again: at least once, never lost. Operators get one line per change of
// state: warn when an endpoint starts failing, info when it delivers again, error when disabled.
import { randomUUID } from "node:crypto";
import { db } from "../db/client";
import { log } from "../log";
import { dateInWords } from "../words/date-words";
import type { Attempted, Delivery, Endpoint } from "./attempt";
import { fanOutToNow } from "./cursor";
import { backlogWait, MAX_ATTEMPTS, waitAfter } from "./schedule";

export type ServedEndpoint = Endpoint & { brandId: string; failingSince: Date | null; retryAt: Date | null };
export type ScheduledDelivery = Delivery & { scheduledFailures: number; nextAttemptAt: Date };

export async function recordAttempts(
  endpoint: ServedEndpoint,
  claimToken: string,
  attempts: Attempted<ScheduledDelivery>[],
): Promise<void> {
  const now = new Date();
  const delivered = attempts.filter((attempt) => attempt.delivered);
  const failed = attempts.find((attempt) => !attempt.delivered);
  const next = failed ? nextTry(failed, now, delivered.length > 0 ? null : endpoint.failingSince) : undefined;
  const disable = next !== undefined && next.at === null;
  const reason = disable
    ? `Disabled on ${dateInWords(now)}: ${MAX_ATTEMPTS} attempts over three days failed (last: ${failed!.why}). Fix the receiver, then enable the endpoint again; its waiting events follow in order.`
    : null;
  const kept = await db().$transaction(async (tx) => {
    // events committed while it was enabled are still owed to it: fanned out before it is disabled,
    // they wait, in order, until it is enabled again (lib/webhooks/cursor.ts)
    if (disable && (await fanOutToNow(tx, endpoint.id)) === undefined) return false;
    // a write to the endpoint's row first: it holds the row until this commits (a delete of the
    // endpoint waits), and finding none means it was deleted mid-delivery: its deliveries and their
    // log went with it, nothing is left to record
    const state = await tx.webhookEndpoint.updateMany({
      where: { id: endpoint.id },
      data: disable
        ? { enabled: false, disabledReason: reason, updatedAt: now, failingSince: null, retryAt: null }
        : attempts.length === 0 // nothing tried (the lease ran short): the endpoint's state stays
          ? { failingSince: endpoint.failingSince, retryAt: endpoint.retryAt }
          : { failingSince: next?.failingSince ?? null, retryAt: next?.retryAt ?? null },
    });
    if (state.count === 0) return false;
    if (attempts.length > 0) {
      await tx.webhookAttempt.createMany({
        data: attempts.map(({ delivery, at, result, delivered: ok, why }) => ({
          id: randomUUID(),
          deliveryId: delivery.id,
          endpointId: endpoint.id,
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
    if (failed && next) {
      await tx.webhookDelivery.updateMany({
        where: { id: failed.delivery.id, status: "pending" },
        data: {
          attempts: failed.delivery.attempts + 1,
          scheduledFailures: next.scheduledFailures,
          lastStatus: failed.result.status,
          lastError: failed.why,
          updatedAt: now,
          ...(next.at === null ? { status: "failed" } : { nextAttemptAt: next.at }),
        },
      });
    }
    await tx.webhookEndpoint.updateMany({
      where: { id: endpoint.id, claimToken },
      // the release time stays in claimedUntil: the least recently served endpoint is taken first
      data: { claimToken: null, claimedUntil: now },
    });
    return true;
  });
  if (kept) await tellOperators(endpoint, delivered.length > 0, failed, disable, now);
}

type NextTry = { at: Date | null; scheduledFailures: number; failingSince: Date; retryAt: Date | null };

/**
 * After a failed attempt: an attempt at or past the delivery's scheduled time counts in the
 * three-day schedule (the next one after its wait, or none once it ran out); an earlier one, made
 * while newer deliveries waited, leaves the schedule as it was. Either way the endpoint is not
 * claimed again before the backlog's short wait (retryAt).
 */
function nextTry(failed: Attempted<ScheduledDelivery>, now: Date, failingSince: Date | null): NextTry {
  const delivery = failed.delivery;
  const scheduled = failed.at.getTime() >= delivery.nextAttemptAt.getTime();
  const scheduledFailures = delivery.scheduledFailures + (scheduled ? 1 : 0);
  const wait = scheduled ? waitAfter(scheduledFailures) : delivery.nextAttemptAt.getTime() - now.getTime();
  const since = failingSince ?? failed.at;
  if (wait === null) return { at: null, scheduledFailures, failingSince: since, retryAt: null };
  const at = new Date(now.getTime() + wait);
  const retryAt = new Date(now.getTime() + backlogWait(now.getTime() - since.getTime(), wait));
  return { at, scheduledFailures, failingSince: since, retryAt };
}

async function tellOperators(
  endpoint: ServedEndpoint,
  deliveredSome: boolean,
  failed: Attempted | undefined,
  disabled: boolean,
  now: Date,
): Promise<void> {
  const recovered = endpoint.failingSince !== null && deliveredSome;
  const startedFailing = failed !== undefined && !disabled && (endpoint.failingSince === null || deliveredSome);
  if (!recovered && !startedFailing && !disabled) return;
  const brand = await db().brand.findUnique({ where: { id: endpoint.brandId }, select: { shortId: true } });
  const fields = { component: "webhooks", brandId: endpoint.brandId, brand: brand?.shortId, endpointId: endpoint.id };
  const name = `webhook endpoint ${endpoint.id} of brand ${brand?.shortId ?? endpoint.brandId}`;
  if (recovered) {
    const seconds = Math.round((now.getTime() - endpoint.failingSince!.getTime()) / 1000);
    log.info({ ...fields, failedForSeconds: seconds }, `${name} delivers again after failing for ${seconds} s`);
  }
  if (startedFailing)
    log.warn(
      { ...fields, deliveryId: failed.delivery.id, error: failed.why },
      `${name} started failing (${failed.why}); its deliveries wait in order and are retried`,
    );
  if (disabled)
    log.error(
      { ...fields, deliveryId: failed?.delivery.id, error: failed?.why },
      `${name} disabled: the retry schedule of three days ran out (last: ${failed?.why})`,
    );
}
