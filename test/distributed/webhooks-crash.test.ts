// Webhooks under a crash: two instances on one PostgreSQL database, a receiver, writes
// through both under load; one instance is killed with SIGKILL and started again, and the receiver
// is down for a while. Every committed write (its event row: the outbox commits with the write)
// reaches the receiver at least once, counted by webhook-id with duplicates counted, and nothing
// arrives for a write that did not commit.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openClients, type Clients } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { startPostgres } from "../../scripts/support/postgres";
import { startReceiver, verify } from "../support/webhook-receiver";
import { call, confirmAndCall } from "../support/world";
import { launch, plainEnv, postgresSkip, world, type Instance } from "./targets";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

it.skipIf(postgresSkip)(
  `SIGKILL of one of two instances and a receiver down: every committed write delivered at least once${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`,
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-webhooks-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const cluster = await startPostgres();
    cleanups.push(() => cluster.destroy());
    const url = await cluster.createDatabase("webhooks");
    await migrateDatabase(url);
    const clients: Clients = openClients(url);
    cleanups.push(() => clients.close());
    // a schedule 1000 times quicker: retries after 5 ms, 0.3 s, 1.8 s, 7.2 s, … (never disabled here)
    const env = plainEnv({
      DATABASE_URL: url,
      STORAGE_DIR: path.join(dir, "files"),
      WEBHOOKS_RETRY_SCALE: "0.001",
      WEBHOOKS_POLL_MS: "100",
      WEBHOOKS_TIMEOUT_SECONDS: "1",
    });
    const instances: Instance[] = [await launch(env), await launch(env)];
    cleanups.push(async () => void (await Promise.all(instances.map((instance) => instance.stop()))));
    const receiver = await startReceiver();
    cleanups.push(() => receiver.stop());
    const w = await world({ clients });
    const brand = w.brand.shortId;
    const created = await confirmAndCall(
      "webhooks.create",
      w.admin.key,
      { brand, url: receiver.url, eventTypes: ["*"] },
      { url: instances[1]!.url },
    );
    expect(created.status).toBe(200);
    const secret = created.body.data.secret as string;

    let running = true;
    let sent = 0;
    const writer = async (lane: number) => {
      for (let i = 0; running; i++) {
        const instance = instances[(lane + i) % 2]!;
        sent++;
        const questions = [
          { key: `l${lane}.${i}`, question: `Question ${lane}.${i}?`, options: ["a", "b"], scope: "work" },
        ];
        await call("questions.ask", w.member.key, { brand, questions }, { url: instance.url }).catch(() => undefined); // the instance may die mid-call
      }
    };
    const writers = Promise.all([0, 1, 2, 3].map(writer));
    for (const deadline = Date.now() + 30_000; sent < 20 && Date.now() < deadline; ) await sleep(50);
    await sleep(Math.random() * 300);
    await instances[0]!.kill();
    await receiver.pause();
    await sleep(3000);
    instances[0] = await launch(env);
    // down until attempts met it: a claim the killed instance held (two timeouts plus a 5 s margin,
    // lib/webhooks/worker.ts) keeps the endpoint from the others until it expires
    await expect
      .poll(() => clients.writer.webhookAttempt.count({ where: { status: "failed" } }), {
        timeout: 30_000,
        interval: 250,
      })
      .toBeGreaterThan(0);
    await receiver.resume();
    await sleep(2000);
    running = false;
    await writers;

    // the endpoint's own creation is not sent to it (a webhook.endpoint.* event skips the endpoint it is about)
    const events = await clients.writer.event.findMany({
      where: { brandId: w.brand.id, type: { not: "webhook.endpoint.created" } },
      select: { id: true },
    });
    const committed = new Set(events.map((event) => event.id));
    expect(committed.size).toBeGreaterThan(20);
    await expect
      .poll(() => [...committed].filter((id) => !receiver.deliveredIds().includes(id)).length, {
        timeout: 60_000,
        interval: 500,
      })
      .toBe(0);
    const delivered = receiver.deliveredIds();
    const unknown = delivered.filter((id) => !committed.has(id));
    expect(unknown, "deliveries for writes that did not commit").toEqual([]);
    for (const delivery of receiver.received) verify(secret, delivery);
    // the receiver's downtime was met: attempts failed and were retried
    const failedAttempts = await clients.writer.webhookAttempt.count({ where: { status: "failed" } });
    expect(failedAttempts).toBeGreaterThan(0);
    const duplicates = delivered.length - new Set(delivered).size;
    console.log(
      `[webhooks-crash] ${sent} writes sent, ${committed.size} committed, ${delivered.length} delivered (${duplicates} duplicates), ${failedAttempts} failed attempts retried`,
    );
  },
);
