// A write cut by the database answers 503, and the database that cut it cannot free its
// Idempotency-Key either: the key stays claimed until its lease ends (IDEMPOTENCY_LEASE_SECONDS).
// The 503's Retry-After covers what is left of that lease, so a client that retries when it is told
// to gets its write run once, never `idempotency_key_in_use`. Here PostgreSQL is stopped while the
// write waits on a lock the test holds. Every line the server prints meanwhile (the pools' lost
// connections included) is one JSON object, as operators are promised.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import pg from "pg";
import { afterAll, expect, it } from "vitest";
import { openClients } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { startPostgres } from "../../scripts/support/postgres";
import { startServer } from "../../scripts/support/start-server";
import { call, type ApiResponse } from "../support/world";
import { plainEnv, postgresSkip, world } from "./targets";

const LEASE_SECONDS = 8;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function until(condition: () => Promise<boolean>, what: string): Promise<void> {
  for (const deadline = Date.now() + 20_000; !(await condition()); await sleep(50))
    if (Date.now() > deadline) throw new Error(`waited 20 s for ${what}`);
}

it.skipIf(postgresSkip)(
  `a write cut by PostgreSQL, retried after the 503's Retry-After with its key, runs once${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`,
  async () => {
    const cluster = await startPostgres();
    cleanups.push(() => cluster.destroy());
    const url = await cluster.createDatabase("outage");
    await migrateDatabase(url);
    const clients = openClients(url);
    const w = await world({ clients });
    await clients.close(); // the test's own pool must not hold the cluster up
    const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-outage-"));
    cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
    const server = await startServer(
      plainEnv({
        DATABASE_URL: url,
        STORAGE_DIR: path.join(dir, "files"),
        IDEMPOTENCY_LEASE_SECONDS: String(LEASE_SECONDS),
      }),
    );
    cleanups.push(() => server.stop());
    const key = `outage-${randomUUID()}`;
    const body = {
      brand: w.brand.shortId,
      questions: [{ key: "outage.asked", question: "Still there?", options: [], scope: "work" }],
    };
    const ask = () =>
      call("questions.ask", w.member.key, body, { url: server.url, headers: { "Idempotency-Key": key } });

    // the write's table is locked: the key is claimed (a short transaction of its own), then the write waits
    const holder = new pg.Client({ connectionString: url });
    holder.on("error", () => {}); // the stop below ends its connection too
    await holder.connect();
    await holder.query("BEGIN");
    await holder.query('LOCK TABLE "Question" IN ACCESS EXCLUSIVE MODE');
    const cut = ask();
    await until(
      async () => (await holder.query('SELECT 1 FROM "IdempotentCall"')).rowCount === 1,
      "the key to be claimed",
    );
    await until(
      async () => (await holder.query("SELECT 1 FROM pg_locks WHERE NOT granted")).rowCount! > 0,
      "the write to wait on the lock",
    );
    await cluster.stop();
    const first = await cut;
    expect(first.status, JSON.stringify(first.body)).toBe(503);
    expect(first.body.error.code).toBe("unavailable");
    await cluster.restart();

    // a client doing as told: wait Retry-After, try again (a 503 again while the pools reconnect)
    const answers: ApiResponse[] = [first];
    for (let attempt = 0; attempt < 10 && answers.at(-1)!.status === 503; attempt++) {
      const retryAfter = Number(answers.at(-1)!.headers.get("retry-after"));
      expect(retryAfter).toBeGreaterThanOrEqual(1);
      await sleep(retryAfter * 1000);
      answers.push(await ask());
    }
    const last = answers.at(-1)!;
    expect(
      answers
        .map((answer) => `${answer.status} ${answer.body?.error?.code ?? "ok"}`)
        .filter((s) => !s.startsWith("503")),
    ).toEqual(["200 ok"]);
    expect(last.body.data.ids).toHaveLength(1);
    // once: a further retry replays it
    const again = await ask();
    expect(again.status).toBe(200);
    expect(again.headers.get("idempotent-replayed")).toBe("true");
    expect(again.body.data.ids).toEqual(last.body.data.ids);
    const after = new pg.Client({ connectionString: url });
    await after.connect();
    cleanups.push(() => after.end());
    const stored = await after.query('SELECT 1 FROM "Question" WHERE "key" = $1', ["outage.asked"]);
    expect(stored.rowCount).toBe(1);

    // what operators read: every line the server printed through the outage is JSON
    const lines = server
      .output()
      .split("\n")
      .filter((line) => line.trim() && !/^\s*(▲|-|✓|⚠)\s/.test(line));
    const plain = lines.filter((line) => {
      try {
        return typeof JSON.parse(line) !== "object";
      } catch {
        return true;
      }
    });
    expect(plain).toEqual([]);
    expect(lines.map((line) => JSON.parse(line).msg)).toContain("database connection lost");
  },
  90_000,
);
