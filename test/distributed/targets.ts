// Servers on either database for the distributed tests. The suite's own server runs on the profile's
// database (SQLite embedded, PostgreSQL distributed); a test that must hold on both starts the other
// one itself: a private PostgreSQL cluster when the binaries are here, or a temporary SQLite file.
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { inject } from "vitest";
import { openClients, type Clients } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { addMember, createBrand, createKey, createUser } from "../../lib/admin/commands";
import { spawn } from "node:child_process";
import { freePort, startServer, type RunningServer } from "../../scripts/support/start-server";
import { postgresMissingReason, startPostgres, type LocalPostgres } from "../../scripts/support/postgres";

export type Database = "sqlite" | "postgresql";

export type Target = {
  database: Database;
  url: string;
  databaseUrl: string;
  clients: Clients;
  stop(): Promise<void>;
};

/** Why PostgreSQL tests skip here (printed in the test name), or undefined when they run. */
export const postgresSkip = postgresMissingReason();

export const suiteDatabase = (): Database =>
  inject("testEnv").DATABASE_URL!.startsWith("file:") ? "sqlite" : "postgresql";

/** The suite's server, or one of our own on the other database. */
export async function target(database: Database): Promise<Target> {
  const env = inject("testEnv");
  if (database === suiteDatabase()) {
    const clients = openClients(env.DATABASE_URL!);
    return { database, url: inject("baseUrl"), databaseUrl: env.DATABASE_URL!, clients, stop: () => clients.close() };
  }
  let cluster: LocalPostgres | undefined;
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-target-"));
  let databaseUrl = `file:${path.join(dir, "target.db")}`;
  if (database === "postgresql") {
    cluster = await startPostgres();
    databaseUrl = await cluster.createDatabase("target");
  }
  await migrateDatabase(databaseUrl);
  // no S3 or Redis of its own: the file storage is local, the limits in-process
  const server: RunningServer = await startServer(
    plainEnv({ DATABASE_URL: databaseUrl, STORAGE_DIR: path.join(dir, "files") }),
  );
  const clients = openClients(databaseUrl);
  return {
    database,
    url: server.url,
    databaseUrl,
    clients,
    async stop() {
      await server.stop();
      await clients.close();
      await cluster?.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** A brand with an admin and a member, each with an all-scope key, in the target's database. */
export async function world(t: Pick<Target, "clients">, options: { plan?: string } = {}) {
  const db = t.clients.writer;
  const tag = randomUUID().slice(0, 8);
  const brand = await createBrand(db, {
    name: "Race Brand",
    shortId: `R${tag.replace(/[^a-z]/gi, "").slice(0, 4) || "X"}-${Math.floor(Math.random() * 1e9)}`,
    plan: options.plan,
  });
  const people: Record<"admin" | "member", { key: string; userId: string }> = {} as never;
  for (const role of ["admin", "member"] as const) {
    const email = `${role}-${tag}@race.example`;
    const user = await createUser(db, { email, name: `Race ${role}` });
    await addMember(db, { brand: brand.shortId, email, role });
    const { key } = await createKey(db, { email, scopes: "all" });
    people[role] = { key, userId: user.id };
  }
  return { brand, ...people };
}

export type Instance = { url: string; pid: number; output(): string; kill(): Promise<void>; stop(): Promise<void> };

/** `next start` of the built app with its own environment, which a test may SIGKILL. */
export async function launch(env: Record<string, string>): Promise<Instance> {
  const port = await freePort();
  const child = spawn(path.resolve("node_modules/.bin/next"), ["start", "-p", String(port), "-H", "127.0.0.1"], {
    // APP_URL is the instance's own address unless the test puts a balancer in front (env.APP_URL)
    env: {
      ...process.env,
      ...env,
      PORT: String(port),
      APP_URL: env.APP_URL ?? `http://127.0.0.1:${port}`,
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  while (
    !(await fetch(`${url}/api/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  const ended = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve();
      child.once("exit", () => resolve());
      child.kill(signal);
    });
  return { url, pid: child.pid!, output: () => output, kill: () => ended("SIGKILL"), stop: () => ended("SIGTERM") };
}

/** The test environment without the profile's S3 and Redis (set them again to use them). */
export function plainEnv(overrides: Record<string, string>): Record<string, string> {
  return {
    ...inject("testEnv"),
    S3_BUCKET: "",
    S3_ENDPOINT: "",
    S3_REGION: "",
    S3_ACCESS_KEY_ID: "",
    S3_SECRET_ACCESS_KEY: "",
    REDIS_URL: "",
    ...overrides,
  };
}
