// Two instances of the service (from source, scripts/serve.ts) on one private PostgreSQL database,
// for races between calls sent one to each at the same moment: what one instance writes while the
// other is between its read and its write of the same record. One cluster and two servers for a
// whole test file (beforeAll), so a round costs only its calls.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, expect } from "vitest";
import { openClients, type Clients } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { startPostgres, type LocalPostgres } from "../../scripts/support/postgres";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { call, type ApiResponse } from "../support/world";
import { plainEnv } from "./targets";

export const ROUNDS = 25;

export type TwoInstances = { urls: [string, string]; clients: Clients };

/** Call at a describe's top level: the instances are there from its first test to its end. */
export function twoInstances(): TwoInstances {
  const shared = {} as TwoInstances;
  let cluster: LocalPostgres | undefined;
  let servers: RunningServer[] = [];
  let dir: string | undefined;
  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "brand-ops-two-instances-"));
    cluster = await startPostgres();
    const databaseUrl = await cluster.createDatabase("races");
    await migrateDatabase(databaseUrl);
    shared.clients = openClients(databaseUrl);
    // one database and one storage folder; the per-key rate limit out of the way of 25 rounds of calls
    const env = plainEnv({
      DATABASE_URL: databaseUrl,
      STORAGE_DIR: path.join(dir, "files"),
      RATE_LIMIT_PER_MINUTE: "100000",
    });
    servers = await Promise.all([startServer(env), startServer(env)]);
    shared.urls = [servers[0]!.url, servers[1]!.url];
  });
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    await shared.clients?.close();
    await cluster?.destroy();
    if (dir) rmSync(dir, { recursive: true, force: true });
  });
  return shared;
}

/** One call of a race: a capability and its body (the brand is added); `unconfirmed`: it asks no confirmation. */
export type Write = { capability: string; body: Record<string, unknown>; unconfirmed?: true };

/** The outcome of an answer in one word: ok, or the error's code. */
export const outcome = (answer: ApiResponse) =>
  answer.body?.ok ? "ok" : (answer.body?.error?.code ?? `HTTP ${answer.status}`);

/** A write run to the end on one instance: confirmed when it asks to be. */
export async function confirmed(url: string, key: string, brand: string, write: Write): Promise<ApiResponse> {
  const body = { brand, ...write.body };
  const first = await call(write.capability, key, body, { url });
  if (first.body?.error?.code !== "confirmation_required") return first;
  return call(write.capability, key, { ...body, confirmationToken: first.body.error.confirmationToken }, { url });
}

/**
 * The two writes at the same moment, one to each instance (which one gets which alternates with the
 * round). A confirmed write is asked to confirm first and given its token, both tokens before either
 * confirmed call is sent: what two people confirming at once do.
 */
export async function atOnce(
  instances: TwoInstances,
  key: string,
  brand: string,
  round: number,
  writes: readonly [Write, Write],
): Promise<[ApiResponse, ApiResponse]> {
  const bodies = await Promise.all(
    writes.map(async (write) => {
      const body = { brand, ...write.body };
      if (write.unconfirmed) return body;
      const first = await call(write.capability, key, body, { url: instances.urls[0] });
      expect(first.body?.error?.code, `${write.capability}: ${JSON.stringify(first.body)}`).toBe(
        "confirmation_required",
      );
      return { ...body, confirmationToken: first.body.error.confirmationToken as string };
    }),
  );
  const [first, second] = round % 2 ? [1, 0] : [0, 1];
  return Promise.all([
    call(writes[0].capability, key, bodies[0]!, { url: instances.urls[first] }),
    call(writes[1].capability, key, bodies[1]!, { url: instances.urls[second] }),
  ]);
}

/** What went wrong in one round, in words; nothing when it held. */
export type Verdict = string | undefined;

/**
 * Runs the rounds one after another and fails once at the end, listing every round that went wrong,
 * so a failure says how many of the rounds lost a write, not only the first.
 */
export async function inRounds(title: string, round: (index: number) => Promise<Verdict>): Promise<void> {
  const wrong: string[] = [];
  for (let index = 0; index < ROUNDS; index++) {
    const verdict = await round(index);
    if (verdict) wrong.push(`round ${index + 1}: ${verdict}`);
  }
  expect(wrong, `${title}: ${wrong.length} of ${ROUNDS} rounds went wrong`).toEqual([]);
}

/**
 * The rule for two writes of one record sent at once: no 5xx, at least one applied, each answered
 * 200 has its change in the record, each refused (4xx) does not. Two 200s whose changes are not
 * both kept is the lost write these races look for.
 */
export function judge(answers: readonly ApiResponse[], kept: readonly boolean[], names: readonly string[]): Verdict {
  const said = answers.map((answer, i) => `${names[i]} ${outcome(answer)} (${answer.status})`).join(", ");
  if (answers.some((answer) => answer.status >= 500)) return `a 5xx: ${said}`;
  const ok = answers.map((answer) => answer.body?.ok === true);
  if (!ok.some(Boolean)) return `neither applied: ${said}`;
  const lost = names.filter((_, i) => ok[i] && !kept[i]);
  if (lost.length) return `LOST WRITE: ${said}, yet the change of ${lost.join(" and ")} is not in the record`;
  const ghost = names.filter((_, i) => !ok[i] && kept[i]);
  if (ghost.length) return `refused yet applied: ${said}, and the change of ${ghost.join(" and ")} is in the record`;
  return undefined;
}
