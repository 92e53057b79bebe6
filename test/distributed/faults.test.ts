// Faults: a server killed with SIGKILL in the middle of writes leaves no
// partial record, on SQLite and PostgreSQL; PostgreSQL stopped under traffic gives 503
// `unavailable` with Retry-After (never a 500) and full service once it is back, same process.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, expect, it } from "vitest";
import { openClients, type Clients } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { startPostgres, type LocalPostgres } from "../../scripts/support/postgres";
import { call } from "../support/world";
import { bytes, put } from "../support/files";
import { launch, plainEnv, postgresSkip, world, type Instance } from "./targets";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const cleanups: (() => Promise<void>)[] = [];
afterAll(async () => {
  for (const cleanup of cleanups.reverse()) await cleanup().catch(() => {});
});

async function database(kind: "sqlite" | "postgresql"): Promise<{ url: string; dir: string; cluster?: LocalPostgres }> {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-faults-"));
  cleanups.push(async () => rmSync(dir, { recursive: true, force: true }));
  if (kind === "sqlite") return { url: `file:${path.join(dir, "faults.db")}`, dir };
  const cluster = await startPostgres();
  cleanups.push(() => cluster.destroy());
  return { url: await cluster.createDatabase("faults"), dir, cluster };
}

for (const kind of ["sqlite", "postgresql"] as const) {
  const skip = kind === "postgresql" ? postgresSkip : undefined;
  it.skipIf(skip)(
    `SIGKILL during a stream of writes leaves no partial record (${kind})${skip ? ` (skipped: ${skip})` : ""}`,
    async () => {
      const db = await database(kind);
      await migrateDatabase(db.url);
      const clients: Clients = openClients(db.url);
      cleanups.push(() => clients.close());
      const env = plainEnv({ DATABASE_URL: db.url, STORAGE_DIR: path.join(db.dir, "files") });
      let server: Instance = await launch(env);
      const w = await world({ clients });
      const brand = w.brand.shortId;
      const api = (capability: string, body: object, key = w.admin.key) =>
        call(capability, key, { brand, ...body }, { url: server.url }).catch(() => undefined); // the server may die mid-call

      // writers: questions.ask of five questions at once, uploads (start, PUT, complete), confirmed profile updates
      let running = true;
      let asked = 0;
      const askLoop = async (lane: number) => {
        for (let i = 0; running; i++) {
          const group = `g${lane}-${i}`;
          asked++;
          await api(
            "questions.ask",
            {
              questions: Array.from({ length: 5 }, (_, n) => ({
                key: `${group}.${n}`,
                question: `Question ${n}?`,
                options: ["a", "b"],
                scope: "work",
              })),
            },
            w.member.key,
          );
        }
      };
      const uploadLoop = async () => {
        for (let i = 0; running; i++) {
          const file = bytes.png();
          const started = await api("library.upload.create", {
            step: "start",
            fileName: `f${i}.png`,
            mimeType: "image/png",
            sizeBytes: file.length,
          });
          if (!started?.body?.ok) continue;
          await put(started.body.data.uploadUrl, file, "image/png").catch(() => undefined);
          await api("library.upload.create", { step: "complete", uploadId: started.body.data.uploadId });
        }
      };
      const profileLoop = async () => {
        for (let i = 0; running; i++) {
          const overview = await api("brand.overview", {});
          if (!overview?.body?.ok) continue;
          const body = { expectedRevision: overview.body.data.revision, city: `City ${i}` };
          const first = await api("brand.profile.update", body);
          if (first?.body?.error?.code === "confirmation_required")
            await api("brand.profile.update", { ...body, confirmationToken: first.body.error.confirmationToken });
        }
      };
      const loops = Promise.all([askLoop(1), askLoop(2), askLoop(3), uploadLoop(), uploadLoop(), profileLoop()]);
      // kill once writes are flowing, at a moment the test does not choose
      for (const deadline = Date.now() + 20_000; asked < 12 && Date.now() < deadline; ) await sleep(50);
      await sleep(Math.random() * 300);
      await server.kill();
      running = false;
      await loops;
      expect(asked).toBeGreaterThan(5);

      server = await launch(env); // same database, after the crash
      cleanups.push(() => server.stop());
      // still serving: a read and a write
      expect((await api("brand.overview", {}))?.status).toBe(200);
      expect(
        (
          await api(
            "questions.ask",
            { questions: [{ key: "after.crash", question: "Still there?", options: [], scope: "work" }] },
            w.member.key,
          )
        )?.status,
      ).toBe(200);

      const q = await clients.writer.question.findMany({ where: { brandId: w.brand.id, key: { startsWith: "g" } } });
      const groups = new Map<string, number>();
      for (const row of q) groups.set(row.key.split(".")[0]!, (groups.get(row.key.split(".")[0]!) ?? 0) + 1);
      expect(
        [...groups.values()].every((n) => n === 5),
        JSON.stringify([...groups]),
      ).toBe(true); // five or none
      const audit = await clients.writer.auditEntry.findMany({ where: { brandId: w.brand.id } });
      const ok = (capability: string) =>
        audit.filter((e) => e.capabilityId === capability && e.outcome === "ok").length;
      expect(ok("questions.ask") - 1).toBe(groups.size); // every committed ask has its audit row, and only those
      const assets = await clients.writer.asset.findMany({ where: { brandId: w.brand.id } });
      const completed = await clients.writer.upload.findMany({ where: { brandId: w.brand.id, status: "completed" } });
      expect(completed.map((u) => u.assetId).sort()).toEqual(assets.map((a) => a.id).sort()); // asset ⇔ completed upload
      expect(assets.every((a) => a.uploadId && a.sizeBytes > 0n)).toBe(true);
      const genome = await clients.writer.genome.findUnique({ where: { brandId: w.brand.id } });
      expect(genome!.revision).toBe(1 + ok("brand.profile.update")); // one revision per committed update
      // the outbox: one event per committed write and none for the others, numbered 1..n
      // without a gap (a number is taken in the write's transaction, so a killed one gives it back)
      const events = await clients.writer.event.findMany({ where: { brandId: w.brand.id }, orderBy: { seq: "asc" } });
      expect(events.length).toBe(audit.filter((e) => e.outcome === "ok").length);
      expect(events.map((e) => e.seq)).toEqual(events.map((_, i) => i + 1));
      const typed = (type: string) => events.filter((e) => e.type === type).length;
      expect([typed("question.asked"), typed("brand.profile.updated")]).toEqual([
        ok("questions.ask"),
        ok("brand.profile.update"),
      ]);
    },
  );
}

it.skipIf(postgresSkip)(
  `PostgreSQL stopped under traffic: 503 unavailable meanwhile, full service after, same process${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`,
  async () => {
    const db = await database("postgresql");
    await migrateDatabase(db.url);
    const clients = openClients(db.url);
    cleanups.push(() => clients.close());
    const server = await launch(plainEnv({ DATABASE_URL: db.url, STORAGE_DIR: path.join(db.dir, "files") }));
    cleanups.push(() => server.stop());
    const w = await world({ clients });
    await clients.close(); // the test's own pool must not hold the cluster up
    const brand = w.brand.shortId;
    let i = 0;
    const traffic = () =>
      Promise.all([
        call("kit.read", w.admin.key, { brand }, { url: server.url }),
        call(
          "questions.ask",
          w.member.key,
          { brand, questions: [{ key: `outage.${i++}`, question: "Up?", options: [], scope: "work" }] },
          { url: server.url },
        ),
        call("brand.overview", w.admin.key, { brand }, { url: server.url }),
      ]);
    expect((await traffic()).map((r) => r.status)).toEqual([200, 200, 200]);

    await db.cluster!.stop();
    const during: { status: number; body: any; retryAfter: string | null }[] = [];
    for (let round = 0; round < 5; round++) {
      for (const r of await traffic())
        during.push({ status: r.status, body: r.body, retryAfter: r.headers.get("retry-after") });
    }
    expect(
      during.filter((r) => r.status !== 503),
      JSON.stringify(during.filter((r) => r.status !== 503).slice(0, 2)),
    ).toEqual([]);
    expect(during.every((r) => r.body.error.code === "unavailable" && Number(r.retryAfter) >= 1)).toBe(true);

    await db.cluster!.restart();
    const deadline = Date.now() + 15_000;
    let after: number[] = [];
    while (Date.now() < deadline) {
      after = (await traffic()).map((r) => r.status);
      if (after.every((s) => s === 200)) break;
      expect(after.every((s) => s === 200 || s === 503)).toBe(true);
      await sleep(250);
    }
    expect(after).toEqual([200, 200, 200]);
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
    // the same process served before, during and after
    expect(() => process.kill(server.pid, 0)).not.toThrow();
  },
);
