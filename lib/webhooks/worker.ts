// The delivery worker every instance runs (started by lib/ops/webhook-loop.ts). Per endpoint, one
// attempt in flight and the oldest delivery first (by the event's number in its brand, which is
// commit order): an instance claims the endpoint with one conditional update (a token and a short
// lease it renews while it works), first turns the events committed past its cursor into its
// deliveries (lib/webhooks/fan-out.ts: the write itself only records the event), sends its due
// deliveries in order, stops at the first failure (later events never overtake it), then records
// the batch and releases the claim in one transaction (lib/webhooks/record.ts). A killed instance
// stops renewing, its lease runs out within LEASE_MS and another instance takes over; what it had
// sent but not recorded is sent again (at least once). Lanes (WEBHOOKS_CONCURRENCY) each go on to
// the next endpoint as soon as they finish one; the next is the least recently served endpoint of the
// brand holding the fewest lanes, and no brand holds more than three quarters of them, so one brand's
// slow receivers never hold up another.
import { randomUUID } from "node:crypto";
import { config } from "../config";
import { db } from "../db/client";
import { log } from "../log";
import { callsInFlight } from "../http/calls-in-flight";
import { type Attempted, attemptDelivery } from "./attempt";
import { type CursorAt, fanOutStep } from "./fan-out";
import { recordAttempts, type ScheduledDelivery } from "./record";

/** Deliveries one claim sends at most; then the endpoint goes to the back of the queue (fairness). */
const PER_CLAIM = 100;
/** How long a claim holds without renewal: a dead instance's endpoints are taken over after this. */
const LEASE_MS = 8_000;
const RENEW_MS = 2_000;
/** No attempt starts once the last renewal is this close to running out. */
const MARGIN_MS = 3_000;
const REFILL_TAKE = 500;
/**
 * A burst of calls goes first: while this many are in flight, a lane holds its next claim back, for
 * at most YIELD_MS, then serves one endpoint anyway (delivery slows down, never stops) and catches
 * up once the burst is over. Ten writers at once halved a write's throughput with 10 endpoints on
 * PostgreSQL, the sending taking the cores (docs/operators.md, "Webhook delivery"); a steady rate
 * of calls rarely has this many at once.
 */
const BUSY_CALLS = 8;
const YIELD_MS = 2_000;
/** Endpoints behind their brand's events looked at per poll. */
const BEHIND_TAKE = 5_000;

type Due = { id: string; brandId: string };
type Claim = { token: string; until: number };

const state = {
  queue: [] as Due[],
  lanes: 0,
  inFlight: new Map<string, string>(), // endpoint id → brand id
  perBrand: new Map<string, number>(),
  claims: new Map<string, Claim>(), // endpoint id → this instance's claim
  renewal: undefined as NodeJS.Timeout | undefined,
};

const free = (now: Date) => ({ OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }] });
/**
 * Something to do: a delivery due, or events to fan out (`behind`: its cursor short of the brand's
 * last number, or the endpoints found so), and no failure's short wait still running (record.ts sets retryAt).
 */
const due = (now: Date, behind: object) => ({
  AND: [
    { OR: [{ retryAt: null }, { retryAt: { lte: now } }] },
    { OR: [{ deliveries: { some: { status: "pending", nextAttemptAt: { lte: now } } } }, behind] },
  ],
});

/**
 * One poll: the endpoints with something due (least recently served first) replace the waiting
 * queue, and idle lanes start. Does not wait for the lanes: each runs on by itself.
 */
export async function drainWebhooks(): Promise<void> {
  const now = new Date();
  // only integers compared: the one query both databases read alike
  const behind = await db().$queryRaw<{ id: string }[]>`SELECT "WebhookEndpoint"."id" FROM "WebhookEndpoint"
    JOIN "EventSequence" ON "EventSequence"."brandId" = "WebhookEndpoint"."brandId"
    WHERE "WebhookEndpoint"."fannedSeq" < "EventSequence"."last" LIMIT ${BEHIND_TAKE}`;
  const behindIds = { id: { in: behind.map((row) => row.id) } };
  state.queue = await db().webhookEndpoint.findMany({
    where: { enabled: true, id: { notIn: [...state.inFlight.keys()] }, AND: [free(now), due(now, behindIds)] },
    select: { id: true, brandId: true },
    orderBy: { claimedUntil: { sort: "asc", nulls: "first" } },
    take: REFILL_TAKE,
  });
  startLanes();
}

export function stopDelivering(): void {
  if (state.renewal) clearInterval(state.renewal);
  state.renewal = undefined;
  state.queue = [];
}

function startLanes(): void {
  while (state.lanes < config().WEBHOOKS_CONCURRENCY) {
    const next = pick();
    if (!next) return;
    state.lanes++;
    void runLane(next);
  }
}

/** The queued endpoint of the brand holding the fewest lanes (queue order among equals). */
function pick(): Due | undefined {
  const lanes = config().WEBHOOKS_CONCURRENCY;
  const cap = Math.max(1, lanes - Math.floor(lanes / 4));
  let best = -1;
  let bestLoad = Number.POSITIVE_INFINITY;
  for (let index = 0; index < state.queue.length && bestLoad > 0; index++) {
    const load = state.perBrand.get(state.queue[index]!.brandId) ?? 0;
    if (load < bestLoad) [best, bestLoad] = [index, load];
  }
  if (best < 0 || bestLoad >= cap) return undefined;
  return state.queue.splice(best, 1)[0];
}

async function runLane(first: Due): Promise<void> {
  for (let item: Due | undefined = first; item; item = pick()) {
    await giveWayToCalls();
    state.inFlight.set(item.id, item.brandId);
    state.perBrand.set(item.brandId, (state.perBrand.get(item.brandId) ?? 0) + 1);
    try {
      if ((await serveEndpoint(item.id, item.brandId)) === "more") state.queue.push(item);
    } catch (error) {
      log.error(
        { component: "webhooks", err: error, endpointId: item.id },
        "webhook delivery failed; tried again later",
      );
    } finally {
      state.inFlight.delete(item.id);
      const load = (state.perBrand.get(item.brandId) ?? 1) - 1;
      if (load > 0) state.perBrand.set(item.brandId, load);
      else state.perBrand.delete(item.brandId);
    }
  }
  state.lanes--;
}

/**
 * Claims one endpoint, fans out a batch of the events past its cursor and sends its due deliveries
 * oldest first. "busy" when another instance holds it or nothing is due any more, "more" when a
 * whole batch went and more may wait.
 */
async function serveEndpoint(endpointId: string, brandId: string): Promise<"busy" | "done" | "more"> {
  const token = randomUUID();
  // read before the claim, so every event up to it is committed (numbers commit in order)
  const last = (await db().eventSequence.findUnique({ where: { brandId }, select: { last: true } }))?.last ?? 0;
  const claimedAt = new Date();
  const claim: Claim = { token, until: claimedAt.getTime() + LEASE_MS };
  const held = await db().webhookEndpoint.updateMany({
    where: { id: endpointId, enabled: true, AND: [free(claimedAt), due(claimedAt, { fannedSeq: { lt: last } })] },
    data: { claimToken: token, claimedUntil: new Date(claim.until) },
  });
  if (held.count !== 1) return "busy";
  state.claims.set(endpointId, claim);
  state.renewal ??= setInterval(() => void renewClaims(), RENEW_MS).unref();
  const attempts: Attempted<ScheduledDelivery>[] = [];
  let batch = 0;
  let fannedMore = false;
  try {
    const endpoint = await db().webhookEndpoint.findUnique({ where: { id: endpointId } });
    if (!endpoint) return "done"; // deleted since: its deliveries went with it
    if (endpoint.fannedSeq < last) fannedMore = await fanOut(endpoint, last);
    const queue = await db().webhookDelivery.findMany({
      where: { endpointId, status: "pending" },
      orderBy: [{ seq: "asc" }, { id: "asc" }],
      take: PER_CLAIM,
      select: {
        id: true,
        eventId: true,
        payload: true,
        attempts: true,
        scheduledFailures: true,
        nextAttemptAt: true,
      },
    });
    batch = queue.length;
    try {
      for (const [index, delivery] of queue.entries()) {
        // a failed head waits out its schedule, unless newer deliveries wait behind it: then the
        // claim itself came after its short wait (retryAt), and it is tried now
        if (delivery.nextAttemptAt.getTime() > Date.now() && !(index === 0 && queue.length > 1)) break;
        if (Date.now() > claim.until - MARGIN_MS) break; // not renewed: another instance may take over
        const attempt = await attemptDelivery(endpoint, delivery);
        attempts.push(attempt);
        if (!attempt.delivered) break;
      }
    } finally {
      await recordAttempts(endpoint, token, attempts);
    }
  } finally {
    state.claims.delete(endpointId);
  }
  const clean = attempts.every((a) => a.delivered);
  return clean && (fannedMore || (batch === PER_CLAIM && attempts.length === PER_CLAIM)) ? "more" : "done";
}

async function giveWayToCalls(): Promise<void> {
  for (const until = Date.now() + YIELD_MS; callsInFlight() >= BUSY_CALLS && Date.now() < until; )
    await new Promise((resolve) => setTimeout(resolve, 20));
}

class CursorMoved extends Error {}

/**
 * One batch of the claimed endpoint's fan-out, in one transaction. A change of the endpoint that
 * fanned it out meanwhile (webhooks.update, a test event: lib/webhooks/cursor.ts) or a claim lost
 * to another instance moved the cursor: nothing is written. Whether more events wait past the batch.
 */
async function fanOut(endpoint: CursorAt, last: number): Promise<boolean> {
  try {
    return await db().$transaction(async (tx) => {
      const step = await fanOutStep(tx, endpoint, last, PER_CLAIM);
      if (!step) throw new CursorMoved();
      return step.more;
    });
  } catch (error) {
    if (error instanceof CursorMoved) return false;
    throw error;
  }
}

/** Extends every claim this instance holds, in one statement; a claim no longer found is lost. */
async function renewClaims(): Promise<void> {
  const held = [...state.claims.entries()];
  if (held.length === 0) return;
  const until = Date.now() + LEASE_MS;
  try {
    const renewed = await db().webhookEndpoint.updateMany({
      where: { id: { in: held.map(([id]) => id) }, claimToken: { in: held.map(([, claim]) => claim.token) } },
      data: { claimedUntil: new Date(until) },
    });
    if (renewed.count === held.length) {
      for (const [, claim] of held) claim.until = until;
      return;
    }
    const kept = await db().webhookEndpoint.findMany({
      where: { id: { in: held.map(([id]) => id) }, claimToken: { in: held.map(([, claim]) => claim.token) } },
      select: { claimToken: true },
    });
    const tokens = new Set(kept.map((row) => row.claimToken));
    for (const [, claim] of held) if (tokens.has(claim.token)) claim.until = until;
  } catch (error) {
    log.warn({ component: "webhooks", err: error }, "webhook claims not renewed; tried again shortly");
  }
}
