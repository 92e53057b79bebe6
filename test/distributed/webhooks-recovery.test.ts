// Webhooks recover in seconds, on the profile's database (SQLite, or PostgreSQL when
// distributed): two instances (one on SQLite) write events while the receiver is down; once it is back, everything
// queued arrives, in the events' commit order, before the schedule's own next attempt was due (the
// short retry cadence while newer deliveries wait). Then an instance is killed mid-batch and another
// takes over well before an attempt's timeout could have run out twice (the old claim); what the
// dead one sent but never recorded arrives again (at least once, counted). An endpoint deleted while
// it is being delivered to is dropped quietly. The operator's log lines are checked on the way.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { type Clients, openClients } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { startPostgres } from "../../scripts/support/postgres";
import { startReceiver, verify } from "../support/webhook-receiver";
import { call, confirmAndCall } from "../support/world";
import { type Instance, launch, plainEnv, postgresSkip, suiteDatabase, world } from "./targets";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

const database = suiteDatabase();
const skip = database === "postgresql" ? postgresSkip : undefined;

it.skipIf(skip)(
  `webhooks (${database}): a receiver down and back, an instance killed mid-batch and an endpoint deleted mid-delivery: nothing lost, commit order kept, recovered early`,
  async () => {
    const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-webhooks-recovery-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    let url = `file:${path.join(dir, "recovery.db")}`;
    if (database === "postgresql") {
      const cluster = await startPostgres();
      cleanups.push(() => cluster.destroy());
      url = await cluster.createDatabase("recovery");
    }
    await migrateDatabase(url);
    const clients: Clients = openClients(url);
    cleanups.push(() => clients.close());
    // the schedule ten times quicker (a retry after 0.5 s, then 30 s, 3 min, …); an attempt may take
    // 15 s, the default, which held a dead instance's endpoint 35 s before
    const env = plainEnv({
      DATABASE_URL: url,
      STORAGE_DIR: path.join(dir, "files"),
      WEBHOOKS_RETRY_SCALE: "0.1",
      WEBHOOKS_POLL_MS: "100",
      WEBHOOKS_TIMEOUT_SECONDS: "15",
    });
    // two instances on PostgreSQL; SQLite has one writer, so one instance at a time there
    const instances: Instance[] = [await launch(env)];
    if (database === "postgresql") instances.push(await launch(env));
    cleanups.push(async () => void (await Promise.all(instances.map((instance) => instance.stop()))));
    const receiver = await startReceiver();
    cleanups.push(() => receiver.stop());
    const w = await world({ clients });
    const brand = w.brand.shortId;
    const created = await confirmAndCall(
      "webhooks.create",
      w.admin.key,
      { brand, url: receiver.url, eventTypes: ["question.asked"] },
      { url: instances[0]!.url },
    );
    expect(created.status).toBe(200);
    const { id: endpointId, secret } = created.body.data as { id: string; secret: string };
    let asked = 0;
    const ask = (instance: Instance) =>
      call(
        "questions.ask",
        w.member.key,
        {
          brand,
          questions: [{ key: `q${++asked}`, question: `Question ${asked}?`, options: ["a", "b"], scope: "work" }],
        },
        { url: instance.url },
      );
    /** Writes through every instance at once (two writers, two clocks, on PostgreSQL). */
    const askMany = async (count: number, through: Instance[]) => {
      for (let index = 0; index < count; index += through.length)
        await Promise.all(through.map((instance) => ask(instance).then((answer) => expect(answer.status).toBe(200))));
    };
    const committed = async () =>
      (
        await clients.writer.event.findMany({
          where: { brandId: w.brand.id, type: "question.asked" },
          orderBy: { seq: "asc" },
          select: { id: true },
        })
      ).map((event) => event.id);
    const firstArrivals = () => [...new Set(receiver.deliveredIds())];
    const allArrived = async () => {
      const ids = await committed();
      return ids.every((id) => receiver.deliveredIds().includes(id));
    };

    // 1. the receiver down: the first event fails, newer ones queue behind it
    await receiver.pause();
    await askMany(10, instances);
    const failedHead = () =>
      clients.writer.webhookDelivery.findFirst({
        where: { endpointId, status: "pending", attempts: { gte: 2 } },
        select: { nextAttemptAt: true },
      });
    // until the schedule's next attempt is far off: a 5 minute wait, 30 s here
    await expect
      .poll(async () => ((await failedHead())?.nextAttemptAt.getTime() ?? 0) - Date.now(), {
        timeout: 20_000,
        interval: 200,
      })
      .toBeGreaterThan(15_000);
    const scheduled = (await failedHead())!.nextAttemptAt.getTime();
    await askMany(10, instances);
    await receiver.resume();
    await expect.poll(allArrived, { timeout: 15_000, interval: 200 }).toBe(true);
    // recovered before the schedule would have tried again
    expect(Date.now()).toBeLessThan(scheduled);
    expect(firstArrivals()).toEqual(await committed());
    // operators saw it start failing and recover, once each, naming the brand and the endpoint
    const named = (words: string) =>
      instances
        .flatMap((instance) => instance.output().split("\n"))
        .filter((line) => line.includes(words) && line.includes(endpointId) && line.includes(brand));
    // the batch is recorded (and the line written) just after its last delivery arrived
    await expect.poll(() => named("delivers again").length, { timeout: 5_000, interval: 100 }).toBe(1);
    expect(named("started failing")).toHaveLength(1);

    // 2. one instance alone, slow answers, killed mid-batch; another started takes over
    if (instances[1]) await instances[1].stop();
    await receiver.pause();
    await askMany(40, [instances[0]!]);
    receiver.delayMs = 150;
    const before = receiver.received.length;
    await receiver.resume();
    await expect.poll(() => receiver.received.length - before, { timeout: 20_000, interval: 50 }).toBeGreaterThan(5);
    await instances[0]!.kill();
    const killedAt = Date.now();
    instances[1] = await launch(env);
    await expect.poll(allArrived, { timeout: 30_000, interval: 200 }).toBe(true);
    // taken over well before the old claim (two timeouts and 5 s) had run out
    expect(Date.now() - killedAt).toBeLessThan(2 * 15_000 + 5_000);
    expect(firstArrivals()).toEqual(await committed());
    for (const delivery of receiver.received) verify(secret, delivery);
    const duplicates = receiver.deliveredIds().length - new Set(receiver.deliveredIds()).size;
    console.log(
      `[webhooks-recovery ${database}] ${(await committed()).length} events, ${receiver.deliveredIds().length} delivered (${duplicates} duplicates after the kill), taken over and done ${Date.now() - killedAt} ms after it`,
    );

    // 3. an endpoint deleted while an attempt to it is in flight: dropped without an error
    receiver.delayMs = 1500;
    await askMany(1, [instances[1]!]);
    const inFlight = receiver.received.length;
    await sleep(600); // the attempt has started: the answer comes 1.5 s after the request
    const deleted = await confirmAndCall(
      "webhooks.delete",
      w.admin.key,
      { brand, id: endpointId },
      { url: instances[1]!.url },
    );
    expect(deleted.status).toBe(200);
    await expect.poll(() => receiver.received.length, { timeout: 10_000, interval: 100 }).toBeGreaterThan(inFlight);
    await sleep(1000);
    const errors = instances[1]!
      .output()
      .split("\n")
      .filter((line) => line.includes('"level":"error"'));
    expect(errors).toEqual([]);
  },
  180_000,
);
