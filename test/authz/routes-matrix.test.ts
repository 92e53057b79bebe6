// The authorization matrix of the routes outside the capability doors: every row of
// routes-expected.ts (a route and the record or brand it names) × every caller (no session, a
// viewer, a member and an admin of brand A, another brand's admin, staff, the admin's API key where
// a session is expected) must give exactly the outcome the table says. Every caller but the admin
// goes first, so what the admin may change is still there when the others are refused it; a row's
// record is the admin's own unless the row says otherwise. Runs on servers of its own (two voice
// modes, a chat model, an OAuth provider for connection links) sharing the suite's database.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CALLERS, EXPECTED, type RowId } from "./routes-expected";
import { ROWS } from "./routes-calls";
import { makeRoutesWorld, startMatrixServers, type RoutesWorld } from "./routes-world";

let servers: Awaited<ReturnType<typeof startMatrixServers>>;
let world: RoutesWorld;
beforeAll(async () => {
  servers = await startMatrixServers();
  world = await makeRoutesWorld(servers);
}, 180_000);
afterAll(async () => {
  await servers?.stop();
});

/** The admin last: the owner of the row's record acts on it only once everyone else was refused. */
const ORDER = [...CALLERS.filter((caller) => caller !== "admin"), "admin" as const];
let cells = 0;
afterAll(() =>
  console.log(
    `routes authorization matrix: ${cells} cells over ${Object.keys(EXPECTED).length} rows × ${CALLERS.length} callers`,
  ),
);

describe("every route × caller gives the expected outcome", () => {
  it("the table and the requests cover the same rows", () => {
    expect(Object.keys(ROWS).sort()).toEqual(Object.keys(EXPECTED).sort());
  });

  for (const id of Object.keys(EXPECTED) as RowId[]) {
    it(id, async () => {
      const row = ROWS[id];
      const made = await row.prepare?.(world);
      const got: Record<string, string> = {};
      for (const caller of ORDER) {
        got[caller] = await row.run(caller, world, made);
        cells++;
      }
      expect(got).toEqual(EXPECTED[id]);
    }, 60_000);
  }
});
