// The raw SQLite reader (lib/db/sql.ts) plans each statement once: SQLite plans a statement again on
// every run when its planner looked at a bound value (an ORDER BY beside `"brandId" = ?`).
// better-sqlite3 builds each plan's row builder with the global `Function` constructor, so counting
// those calls sees every new plan; the first test proves the probe sees them.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import Database from "better-sqlite3";
import { afterAll, describe, expect, it } from "vitest";
import { plannedOnce, sqliteReader } from "../../lib/db/sql";

// kit.read's typography read, as lib/capabilities/kit/read.ts writes it
const TYPOGRAPHY = `SELECT "family", "role", "weights" FROM "KitTypography" WHERE "brandId" = ? ORDER BY "position", "id"`;
const dir = mkdtempSync(path.join(tmpdir(), "planned-once-"));
const file = path.join(dir, "db.sqlite");
const setup = new Database(file);
setup.pragma("journal_mode = WAL");
setup.exec(`CREATE TABLE "KitTypography" ("id" TEXT NOT NULL PRIMARY KEY, "brandId" TEXT NOT NULL, "family" TEXT NOT NULL,
  "role" TEXT NOT NULL, "weights" JSONB NOT NULL, "position" INTEGER NOT NULL DEFAULT 0);
  CREATE INDEX "KitTypography_brandId_position_idx" ON "KitTypography"("brandId", "position");`);
const insert = setup.prepare(`INSERT INTO "KitTypography" VALUES (?, ?, ?, ?, '[]', ?)`);
for (const brand of ["a", "b"])
  for (let i = 0; i < 3; i++) insert.run(`${brand}${i}`, brand, `Family ${i}`, "body", 2 - i);
afterAll(() => {
  setup.close();
  rmSync(dir, { recursive: true, force: true });
});

/** How many plans `run` made, seen as row builders compiled. */
async function plansMadeBy(run: () => Promise<unknown> | unknown): Promise<number> {
  const original = globalThis.Function;
  let compiled = 0;
  globalThis.Function = new Proxy(original, {
    apply: (target, self, args) => (compiled++, Reflect.apply(target, self, args)),
  });
  try {
    await run();
  } finally {
    globalThis.Function = original;
  }
  return compiled;
}

describe("SQLite's raw reader plans a statement once", () => {
  it("as written, the statement is planned again on every run (what the reader avoids)", async () => {
    const statement = setup.prepare(TYPOGRAPHY);
    const plans = await plansMadeBy(() => {
      for (let run = 0; run < 5; run++) statement.all(run % 2 ? "a" : "b");
    });
    expect(plans).toBeGreaterThanOrEqual(4);
  });

  it("through the reader, five runs make one plan, with the same rows in the same order", async () => {
    const read = sqliteReader(file);
    const rows: unknown[] = [];
    const plans = await plansMadeBy(async () => {
      for (let run = 0; run < 5; run++) rows.push(await read(TYPOGRAPHY, [run % 2 ? "a" : "b"]));
    });
    expect(plans).toBe(1);
    expect(rows[0]).toEqual(setup.prepare(TYPOGRAPHY).all("b"));
    expect(rows[1]).toEqual([2, 1, 0].map((i) => ({ family: `Family ${i}`, role: "body", weights: "[]" })));
  });

  it("the plan is the same index search", () => {
    const plan = (sql: string) =>
      setup
        .prepare(`EXPLAIN QUERY PLAN ${sql}`)
        .all("a")
        .map((row) => (row as { detail: string }).detail);
    expect(plan(plannedOnce(TYPOGRAPHY))).toEqual(plan(TYPOGRAPHY));
    expect(plan(TYPOGRAPHY)[0]).toContain("USING INDEX KitTypography_brandId_position_idx (brandId=?)");
  });

  it("rewrites comparisons with a parameter, never quoted names or strings", () => {
    expect(plannedOnce(`SELECT 1 FROM "t" WHERE "a" = ? AND "b">=? AND "c" != ? LIMIT ?`)).toBe(
      `SELECT 1 FROM "t" WHERE "a" = +? AND "b">= +? AND "c" != +? LIMIT ?`,
    );
    expect(plannedOnce(`SELECT '= ?' AS "x = ?" FROM "t" WHERE "a" LIKE ? AND "b" IN (?, ?)`)).toBe(
      `SELECT '= ?' AS "x = ?" FROM "t" WHERE "a" LIKE ? AND "b" IN (?, ?)`,
    );
  });
});
