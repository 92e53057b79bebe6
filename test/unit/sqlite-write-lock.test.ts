// A write's transaction on SQLite holds the one write lock from its start (lib/db/client.ts,
// holdTheWriter, called first by lib/core/write.ts). Without it, a transaction that reads and then
// writes is refused at its first write (SQLITE_BUSY_SNAPSHOT, at once, whatever the busy timeout)
// when another connection wrote in between: in the full suite that answered 503 unavailable to a
// few calls, since the webhook worker, the chat's pipeline (Next's bundle) and a second server write
// to one file through connections of their own. The other connection here is a plain one with no
// busy timeout, so what it meets shows at once.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { dialect, holdTheWriter, openClients } from "../../lib/db/client";
import { migrate } from "../../lib/db/migrate";

const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-write-lock-"));
const file = path.join(dir, "lock.db");
const url = `file:${file}`;
migrate(url);
const ours = openClients(url);
const other = new Database(file, { timeout: 0 });
afterAll(async () => {
  other.close();
  await ours.close();
  rmSync(dir, { recursive: true, force: true });
});

const anotherWrite = (brandId: string) =>
  other.prepare(`INSERT INTO "EventSequence" ("brandId", "last") VALUES (?, 1)`).run(brandId);

describe.skipIf(dialect() !== "sqlite")("SQLite: a write's transaction holds the writer from its start", () => {
  it("reading first and writing after another connection's write is refused without it (the hazard)", async () => {
    const refused = ours.writer.$transaction(async (tx) => {
      await tx.eventSequence.count();
      anotherWrite("hazard-other");
      await tx.eventSequence.create({ data: { brandId: "hazard-ours", last: 1 } });
    });
    // at once, as Prisma words it: "Operation has timed out" (the pipeline answers 503 unavailable)
    await expect(refused).rejects.toMatchObject({
      code: "P1008",
      meta: { driverAdapterError: { cause: { originalCode: "SQLITE_BUSY_SNAPSHOT" } } },
    });
  });

  it("with holdTheWriter the transaction reads, writes and commits; the other write waits its turn", async () => {
    let otherMet = "";
    await ours.writer.$transaction(async (tx) => {
      await holdTheWriter(tx);
      await tx.eventSequence.count();
      try {
        anotherWrite("held-other");
      } catch (error) {
        otherMet = (error as { code?: string }).code ?? String(error);
      }
      await tx.eventSequence.create({ data: { brandId: "held-ours", last: 1 } });
    });
    // with no busy timeout of its own the other connection is told at once; with one it waits
    expect(otherMet).toBe("SQLITE_BUSY");
    expect(await ours.writer.eventSequence.count({ where: { brandId: "held-ours" } })).toBe(1);
    anotherWrite("held-other");
    expect(await ours.writer.eventSequence.count({ where: { brandId: "held-other" } })).toBe(1);
  });
});
