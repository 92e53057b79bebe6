// Every write retried with the same Idempotency-Key after a reset is applied exactly once (issue 28,
// proof): connections cut mid-request, then an instance killed with SIGKILL while writes are in
// flight; every key is then retried on another instance until it has an answer, on SQLite and
// PostgreSQL. A first call that committed is replayed; one that died before committing runs again
// once its claim's lease ends (IDEMPOTENCY_LEASE_SECONDS, short here); none runs twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { afterAll, expect, it } from "vitest";
import { openClients, type Clients } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { startPostgres } from "../../scripts/support/postgres";
import { call, type ApiResponse } from "../support/world";
import { launch, plainEnv, postgresSkip, world } from "./targets";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function database(kind: "sqlite" | "postgresql"): Promise<{ url: string; dir: string }> {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-idem-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  if (kind === "sqlite") return { url: `file:${path.join(dir, "idem.db")}`, dir };
  const cluster = await startPostgres();
  cleanups.push(() => cluster.destroy());
  return { url: await cluster.createDatabase("idem"), dir };
}

for (const kind of ["sqlite", "postgresql"] as const) {
  const skip = kind === "postgresql" ? postgresSkip : undefined;
  it.skipIf(skip)(`writes cut off by resets and a SIGKILL, retried with their keys, are applied exactly once (${kind})${skip ? ` (skipped: ${skip})` : ""}`, async () => {
    const db = await database(kind);
    await migrateDatabase(db.url);
    const clients: Clients = openClients(db.url);
    cleanups.push(() => clients.close());
    const env = plainEnv({ DATABASE_URL: db.url, STORAGE_DIR: path.join(db.dir, "files"), IDEMPOTENCY_LEASE_SECONDS: "2" });
    const first = await launch(env);
    cleanups.push(() => first.kill());
    const w = await world({ clients });
    // one intended write per key: an upload start, which inserts a row each time it runs
    const writes = Array.from({ length: 40 }, (_, i) => ({ key: `${i}-${randomUUID()}`, fileName: `w${i}.png` }));
    const body = (fileName: string) => ({ brand: w.brand.shortId, step: "start", fileName, mimeType: "image/png", sizeBytes: 68 });
    const send = (url: string, write: (typeof writes)[number], signal?: AbortSignal) =>
      fetch(`${url}/api/v1/library.upload.create`, {
        method: "POST", signal,
        headers: { Authorization: `Bearer ${w.admin.key}`, "Content-Type": "application/json", "Idempotency-Key": write.key },
        body: JSON.stringify(body(write.fileName)),
      }).then((response) => response.text(), () => undefined);

    // the first half: each connection reset a moment after the request left, at no chosen point
    await Promise.all(writes.slice(0, 20).map((write) => send(first.url, write, AbortSignal.timeout(Math.floor(Math.random() * 25)))));
    // the second half in flight together, and the instance killed among them
    const inFlight = Promise.all(writes.slice(20).map((write) => send(first.url, write)));
    await sleep(20 + Math.random() * 80);
    await first.kill();
    await inFlight;

    // every key retried on a fresh instance until it has a final answer, as a client would
    const second = await launch(env);
    cleanups.push(() => second.stop());
    const answers = new Map<string, ApiResponse>();
    const statuses: number[] = [];
    for (const write of writes) {
      for (const deadline = Date.now() + 30_000; ; ) {
        const answer = await call("library.upload.create", w.admin.key, body(write.fileName), { url: second.url, headers: { "Idempotency-Key": write.key } });
        statuses.push(answer.status);
        if (answer.status === 200) {
          answers.set(write.key, answer);
          break;
        }
        expect([409, 503], JSON.stringify(answer.body)).toContain(answer.status);
        expect(Date.now(), `key ${write.key} never freed`).toBeLessThan(deadline);
        await sleep(Number(answer.headers.get("retry-after") ?? "1") * 250);
      }
    }
    const replays = [...answers.values()].filter((answer) => answer.headers.get("idempotent-replayed") === "true").length;
    console.log(`${kind}: ${replays} of ${writes.length} writes had committed before their cut (replayed), ${writes.length - replays} ran on retry; ${statuses.filter((s) => s === 409).length} answers 409 meanwhile`);

    // exactly once: one upload per intended write, the one its answer names
    const uploads = await clients.writer.upload.findMany({ where: { brandId: w.brand.id } });
    expect(uploads).toHaveLength(writes.length);
    for (const write of writes) {
      const rows = uploads.filter((upload) => upload.fileName === write.fileName);
      expect(rows.map((row) => row.id), write.fileName).toEqual([answers.get(write.key)!.body.data.uploadId]);
    }
    // and a later retry of each is the same answer again
    for (const write of writes.slice(0, 5)) {
      const again = await call("library.upload.create", w.admin.key, body(write.fileName), { url: second.url, headers: { "Idempotency-Key": write.key } });
      expect([again.body, again.headers.get("idempotent-replayed")]).toEqual([answers.get(write.key)!.body, "true"]);
    }
    // and no key is left claimed without its answer
    expect((await clients.writer.idempotentCall.findMany()).filter((row) => row.answer === null)).toEqual([]);
  }, 180_000);
}
