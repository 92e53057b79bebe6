// npm run bench's webhooks scenario: a write's throughput (questions.ask through the API
// door, a new question per call) with 10 webhook endpoints subscribed to its event and the
// delivery worker running, as a ratio to the same write in a brand with no endpoint, in alternating
// rounds on one server; and the delivery lag (receipt time − the event's time) p50/p99 under that
// load. The 10 receivers are loopback paths of one plain node:http server in this process. Then the
// catch-up after an outage (webhooksCatchUp): deliveries a second and CPU per delivery.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import autocannon from "autocannon";
import { addMember, createBrand } from "../../lib/admin/commands";
import { db, dialect } from "../../lib/db/client";
import { cpuOf } from "./bench-measure";

const ENDPOINTS = 10;
/** the steady load: writes a second, for how long */
const STEADY_RATE = 20;
const STEADY_SECONDS = 10;
type Run = { rps: number; failed: number };

export async function webhooksScenario(
  base: string,
  key: string,
  email: string,
  options: { seconds: number; rounds: number; connections: number },
) {
  const lags: number[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const sent = Date.parse((JSON.parse(Buffer.concat(chunks).toString("utf8")) as { createdAt: string }).createdAt);
      lags.push(Date.now() - sent);
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  const brands = { quiet: await benchBrand("WHQ", email), hooked: await benchBrand("WHH", email) };
  for (let index = 0; index < ENDPOINTS; index++) {
    const body = {
      brand: brands.hooked,
      url: `http://127.0.0.1:${port}/hook/${index}`,
      eventTypes: ["question.asked"],
    };
    const first = await post(base, key, "webhooks.create", body);
    await post(base, key, "webhooks.create", { ...body, confirmationToken: first.error.confirmationToken });
  }
  const write = (brand: string): autocannon.Options => ({
    url: `${base}/api/v1/questions.ask`,
    method: "POST",
    requests: [
      {
        setupRequest: (request: autocannon.Request) => ({
          ...request,
          headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
          body: JSON.stringify({
            brand,
            questions: [{ key: `q.${randomUUID()}`, question: "Which one?", options: ["a", "b"], scope: "work" }],
          }),
        }),
      },
    ],
  });
  const measure = async (brand: string): Promise<Run> => {
    await autocannon({ ...write(brand), duration: 2, connections: options.connections });
    const result = await autocannon({ ...write(brand), duration: options.seconds, connections: options.connections });
    return { rps: result.requests.average, failed: result.non2xx + result.errors };
  };
  const rounds: { quiet: Run; hooked: Run }[] = [];
  const burst: number[] = [];
  try {
    for (let round = 0; round < options.rounds; round++) {
      await drained();
      const quiet = await measure(brands.quiet);
      const hooked = await measure(brands.hooked);
      rounds.push({ quiet, hooked });
    }
    await drained();
    burst.push(...lags.splice(0));
    // a steady rate, as a busy brand writes all day: the lag integrators feel
    await autocannon({ ...write(brands.hooked), duration: STEADY_SECONDS, connections: 2, overallRate: STEADY_RATE });
    await drained();
  } finally {
    receiver.close();
  }
  return {
    rounds,
    ratios: rounds.map((round) => round.hooked.rps / round.quiet.rps),
    lagP50: quantile(burst, 0.5),
    lagP99: quantile(burst, 0.99),
    deliveries: burst.length,
    steady: { rate: STEADY_RATE, seconds: STEADY_SECONDS, deliveries: lags.length, lagP99: quantile(lags, 0.99) },
  };
}

function quantile(values: number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
}

async function benchBrand(prefix: string, email: string): Promise<string> {
  const brand = await createBrand(db(), {
    name: `${prefix} bench`,
    shortId: `${prefix}-${Math.floor(Math.random() * 1e9)}`,
  });
  await addMember(db(), { brand: brand.shortId, email, role: "admin" });
  return brand.shortId;
}

async function post(base: string, key: string, capability: string, body: unknown) {
  const response = await fetch(`${base}/api/v1/${capability}`, {
    method: "POST",
    headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
    body: JSON.stringify(body),
  });
  return (await response.json()) as { ok: boolean; error: { confirmationToken: string } };
}

/** Every enabled endpoint's cursor at its brand's last event number. */
async function fannedOut(): Promise<boolean> {
  const endpoints = await db().webhookEndpoint.findMany({ where: { enabled: true } });
  const numbers = await db().eventSequence.findMany({
    where: { brandId: { in: endpoints.map((endpoint) => endpoint.brandId) } },
  });
  const last = new Map(numbers.map((row) => [row.brandId, row.last]));
  return endpoints.every((endpoint) => endpoint.fannedSeq >= (last.get(endpoint.brandId) ?? 0));
}

/** `count` question.asked events of the brand, numbered after its last, in one transaction. */
async function queueEvents(shortId: string, count: number, now: Date): Promise<void> {
  const brand = await db().brand.findFirstOrThrow({ where: { shortId } });
  await db().$transaction(async (tx) => {
    const start = (await tx.eventSequence.findUnique({ where: { brandId: brand.id } }))?.last ?? 0;
    await tx.event.createMany({
      data: Array.from({ length: count }, (_, index) => ({
        id: `evt_fanout${String(index).padStart(14, "0")}`,
        brandId: brand.id,
        seq: start + 1 + index,
        type: "question.asked",
        createdAt: now,
        actor: { door: "api" },
        data: {
          id: randomUUID(),
          key: `q.catch-up.${index}`,
          question: "Which one?",
          options: ["a", "b"],
          scope: "work",
        },
      })),
    });
    await tx.eventSequence.upsert({
      where: { brandId: brand.id },
      create: { brandId: brand.id, last: start + count },
      update: { last: start + count },
    });
  });
}

/**
 * Waits until every event is fanned out to the endpoints (the worker makes the deliveries after
 * the write, lib/webhooks/fan-out.ts) and no delivery is pending (the lag of the last round's
 * backlog is counted in it).
 */
async function drained(): Promise<void> {
  for (const deadline = Date.now() + 120_000; Date.now() < deadline; ) {
    if ((await fannedOut()) && (await db().webhookDelivery.count({ where: { status: "pending" } })) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error("webhook deliveries still pending after 2 minutes");
}

export type CatchUp = {
  database: string;
  deliveries: number;
  seconds: number;
  perSecond: number;
  cpuUsPerDelivery: number;
};

/**
 * Catch-up after a receiver's outage: a backlog of `count` deliveries over 10 endpoints of a brand
 * of its own, queued at once (written straight into the queue, as a receiver's outage leaves it),
 * sent to a fast loopback receiver by the server's worker: deliveries a second and the server's CPU
 * per delivery. `from: "events"` queues `count / 10` events instead (written straight into the
 * events table, as writes leave them while the worker is held back), each owed to the 10 endpoints:
 * the worker's fan-out (lib/webhooks/fan-out.ts) is then part of the cost.
 */
export async function webhooksCatchUp(
  base: string,
  key: string,
  email: string,
  serverPid: number,
  count: number,
  from: "deliveries" | "events" = "deliveries",
): Promise<CatchUp> {
  let received = 0;
  const receiver = createServer((request, response) => {
    request.resume();
    request.on("end", () => {
      received++;
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const port = (receiver.address() as AddressInfo).port;
  try {
    const brand = await benchBrand("WHC", email);
    const endpoints: string[] = [];
    for (let index = 0; index < ENDPOINTS; index++) {
      const body = { brand, url: `http://127.0.0.1:${port}/catch-up/${index}`, eventTypes: ["question.asked"] };
      const first = await post(base, key, "webhooks.create", body);
      const made = (await post(base, key, "webhooks.create", {
        ...body,
        confirmationToken: first.error.confirmationToken,
      })) as unknown as { data: { id: string } };
      endpoints.push(made.data.id);
    }
    const now = new Date();
    const rows = Array.from({ length: count }, (_, index) => ({
      id: randomUUID(),
      seq: index + 1,
      endpointId: endpoints[index % ENDPOINTS]!,
      eventId: `evt_catchup${String(index).padStart(13, "0")}`,
      eventType: "question.asked",
      payload: JSON.stringify({ id: `evt_catchup${index}`, type: "question.asked", createdAt: now.toISOString() }),
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    }));
    const cpuBefore = cpuOf(serverPid);
    const started = performance.now();
    if (from === "deliveries") await db().webhookDelivery.createMany({ data: rows });
    else await queueEvents(brand, count / ENDPOINTS, now);
    const pending = () => db().webhookDelivery.count({ where: { endpointId: { in: endpoints }, status: "pending" } });
    while ((await pending()) > 0 || !(await fannedOut())) await new Promise((resolve) => setTimeout(resolve, 50));
    const seconds = (performance.now() - started) / 1000;
    const cpuUs = cpuOf(serverPid) - cpuBefore;
    return {
      database: dialect() === "postgresql" ? "PostgreSQL" : "SQLite",
      deliveries: received,
      seconds,
      perSecond: count / seconds,
      cpuUsPerDelivery: cpuUs / count,
    };
  } finally {
    receiver.close();
  }
}
