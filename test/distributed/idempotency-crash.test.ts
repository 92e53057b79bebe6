// Every write retried with the same Idempotency-Key after a reset is applied exactly once (the
// proof): connections cut mid-request, then an instance killed with SIGKILL while writes are in
// flight; every key is then retried on another instance until it has an answer, on SQLite and
// PostgreSQL. A first call that committed is replayed; one that died before committing runs again
// once its claim's lease ends (IDEMPOTENCY_LEASE_SECONDS, short here); none runs twice.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { connect } from "node:net";
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

/** A raw HTTP/1.1 request written whole, its connection destroyed `afterMs` later (a reset as the client sees it). */
function sendAndReset(url: string, headers: Record<string, string>, body: string, afterMs: number): Promise<void> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = connect(Number(port), hostname, () => {
      const head = Object.entries({
        ...headers,
        Host: `${hostname}:${port}`,
        "Content-Length": String(Buffer.byteLength(body)),
      })
        .map(([name, value]) => `${name}: ${value}\r\n`)
        .join("");
      socket.write(`POST /api/v1/library.upload.create HTTP/1.1\r\n${head}\r\n${body}`, () =>
        setTimeout(() => socket.resetAndDestroy(), afterMs),
      );
    });
    socket.on("error", () => {});
    socket.on("close", () => resolve());
  });
}

for (const kind of ["sqlite", "postgresql"] as const) {
  const skip = kind === "postgresql" ? postgresSkip : undefined;
  it.skipIf(skip)(
    `writes cut off by resets and a SIGKILL, retried with their keys, are applied exactly once (${kind})${skip ? ` (skipped: ${skip})` : ""}`,
    async () => {
      const db = await database(kind);
      await migrateDatabase(db.url);
      const clients: Clients = openClients(db.url);
      cleanups.push(() => clients.close());
      const env = plainEnv({
        DATABASE_URL: db.url,
        STORAGE_DIR: path.join(db.dir, "files"),
        IDEMPOTENCY_LEASE_SECONDS: "2",
      });
      const first = await launch(env);
      cleanups.push(() => first.kill());
      const w = await world({ clients });
      // one intended write per key: an upload start, which inserts a row each time it runs
      const writes = Array.from({ length: 40 }, (_, i) => ({ key: `${i}-${randomUUID()}`, fileName: `w${i}.png` }));
      const body = (fileName: string) => ({
        brand: w.brand.shortId,
        step: "start",
        fileName,
        mimeType: "image/png",
        sizeBytes: 68,
      });
      const json = (fileName: string) => JSON.stringify(body(fileName));
      const headers = (key: string) => ({
        Authorization: `Bearer ${w.admin.key}`,
        "Content-Type": "application/json",
        "Idempotency-Key": key,
      });
      // warm: the first calls of a fresh instance are slow, and the cuts below should land in writes
      for (let i = 0; i < 3; i++) await call("kit.read", w.admin.key, { brand: w.brand.shortId }, { url: first.url });

      // the first half: the whole request sent, then the connection reset 0 to 30 ms later, at no chosen point
      await Promise.all(
        writes
          .slice(0, 20)
          .map((write) => sendAndReset(first.url, headers(write.key), json(write.fileName), Math.random() * 30)),
      );
      // the second half from eight clients in a row, and the instance killed once writes are flowing
      const queue = writes.slice(20);
      let answered = 0;
      const lane = async () => {
        for (let write = queue.shift(); write; write = queue.shift()) {
          const sent = await fetch(`${first.url}/api/v1/library.upload.create`, {
            method: "POST",
            headers: headers(write.key),
            body: json(write.fileName),
          }).catch(() => undefined);
          if (sent) answered++;
        }
      };
      const lanes = Promise.all(Array.from({ length: 8 }, lane));
      for (const deadline = Date.now() + 20_000; answered < 4 && Date.now() < deadline; ) await sleep(5);
      await sleep(Math.random() * 20);
      await first.kill();
      await lanes;
      // claims whose call died with the instance: their lease ends, and their retry runs
      const abandoned = (await clients.writer.idempotentCall.findMany()).filter((row) => row.answer === null).length;

      // every key retried on a fresh instance until it has a final answer, as a client would
      const second = await launch(env);
      cleanups.push(() => second.stop());
      const answers = new Map<string, ApiResponse>();
      const statuses: number[] = [];
      for (const write of writes) {
        for (const deadline = Date.now() + 30_000; ; ) {
          const answer = await call("library.upload.create", w.admin.key, body(write.fileName), {
            url: second.url,
            headers: { "Idempotency-Key": write.key },
          });
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
      const replays = [...answers.values()].filter(
        (answer) => answer.headers.get("idempotent-replayed") === "true",
      ).length;
      // some first calls committed although their client never read the answer: those were replayed
      expect(replays).toBeGreaterThan(0);
      console.log(
        `${kind}: ${replays} of ${writes.length} writes had committed before their cut (replayed), ${writes.length - replays} ran on retry (${abandoned} of them claimed when the instance died); ${statuses.filter((s) => s === 409).length} answers 409 meanwhile`,
      );

      // exactly once: one upload per intended write, the one its answer names
      const uploads = await clients.writer.upload.findMany({ where: { brandId: w.brand.id } });
      expect(uploads).toHaveLength(writes.length);
      for (const write of writes) {
        const rows = uploads.filter((upload) => upload.fileName === write.fileName);
        expect(
          rows.map((row) => row.id),
          write.fileName,
        ).toEqual([answers.get(write.key)!.body.data.uploadId]);
      }
      // and a later retry of each is the same answer again
      for (const write of writes.slice(0, 5)) {
        const again = await call("library.upload.create", w.admin.key, body(write.fileName), {
          url: second.url,
          headers: { "Idempotency-Key": write.key },
        });
        expect([again.body, again.headers.get("idempotent-replayed")]).toEqual([answers.get(write.key)!.body, "true"]);
      }
      // and no key is left claimed without its answer
      expect((await clients.writer.idempotentCall.findMany()).filter((row) => row.answer === null)).toEqual([]);
    },
    180_000,
  );
}
