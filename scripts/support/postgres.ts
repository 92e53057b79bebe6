// A private PostgreSQL cluster for tests and benchmarks: initdb in a temporary folder, a free
// loopback port, durability off (fsync) for speed. Never the machine's own cluster. initdb and the
// server refuse to run as root, so as root both run as the `postgres` user.
import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import pg from "pg";
import { freePort } from "./start-server";

export type LocalPostgres = {
  /** the cluster's `postgres` database; use createDatabase for a database of your own */
  url: string;
  port: number;
  /** the running server's process id (its backends are its children), for CPU readings */
  pid(): number | undefined;
  /** fast shutdown (connections are closed); the data stays for restart() */
  stop(): Promise<void>;
  /** SIGKILL of the server, as in a crash */
  kill(): Promise<void>;
  /** start again on the same port and data */
  restart(): Promise<void>;
  /** a fresh empty database; answers its URL */
  createDatabase(name: string): Promise<string>;
  /** stop and remove everything */
  destroy(): Promise<void>;
};

/** The folder holding initdb and postgres, or undefined when PostgreSQL is not installed. */
export function postgresBinaries(): string | undefined {
  const candidates = [process.env.PG_BIN];
  if (existsSync("/usr/lib/postgresql")) {
    const versions = readdirSync("/usr/lib/postgresql").sort((a, b) => Number(b) - Number(a));
    candidates.push(...versions.map((version) => `/usr/lib/postgresql/${version}/bin`));
  }
  try {
    candidates.push(execFileSync("pg_config", ["--bindir"], { encoding: "utf8" }).trim());
  } catch {
    /* no pg_config on PATH */
  }
  return candidates.find(
    (dir) => dir && existsSync(path.join(dir, "initdb")) && existsSync(path.join(dir, "postgres")),
  );
}

/** Why PostgreSQL tests cannot run here, or undefined when they can. */
export function postgresMissingReason(): string | undefined {
  if (!postgresBinaries())
    return "PostgreSQL server binaries (initdb, postgres) not found: install Debian's `postgresql` or set PG_BIN";
  if (process.getuid?.() === 0 && !userIds("postgres"))
    return "running as root but there is no `postgres` user to run the server as";
  return undefined;
}

function userIds(name: string): { uid: number; gid: number } | undefined {
  try {
    const uid = Number(execFileSync("id", ["-u", name], { encoding: "utf8" }).trim());
    const gid = Number(execFileSync("id", ["-g", name], { encoding: "utf8" }).trim());
    return { uid, gid };
  } catch {
    return undefined;
  }
}

export async function startPostgres(): Promise<LocalPostgres> {
  const bin = postgresBinaries();
  const missing = postgresMissingReason();
  if (!bin || missing) throw new Error(missing);
  const asRoot = process.getuid?.() === 0;
  const owner = asRoot ? userIds("postgres") : undefined;
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-pg-"));
  if (owner) chownSync(dir, owner.uid, owner.gid);
  const data = path.join(dir, "data");
  const initdb = [
    path.join(bin, "initdb"),
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
  ];
  execFileSync(asRoot ? "runuser" : initdb[0]!, asRoot ? ["-u", "postgres", "--", ...initdb] : initdb.slice(1), {
    stdio: "pipe",
  });
  const port = await freePort();
  const url = `postgresql://postgres@127.0.0.1:${port}/postgres`;
  let child: ChildProcess | undefined;
  let output = "";

  const start = async () => {
    output = "";
    child = spawn(
      path.join(bin, "postgres"),
      [
        "-D",
        data,
        "-p",
        String(port),
        "-k",
        dir,
        "-c",
        "listen_addresses=127.0.0.1",
        "-c",
        "fsync=off",
        "-c",
        "synchronous_commit=off",
        "-c",
        "full_page_writes=off",
        "-c",
        "max_connections=300",
      ],
      // spawned with the postgres user's ids (not through runuser), so child.pid is the server itself
      { stdio: ["ignore", "pipe", "pipe"], ...(owner ?? {}), env: { ...process.env, LC_ALL: "C" } },
    );
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const deadline = Date.now() + 30_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`postgres exited early:\n${output}`);
      if (await accepts(url)) return;
      if (Date.now() > deadline) throw new Error(`postgres did not start:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  };
  const exited = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once("exit", () => resolve());
      running.kill(signal);
    });
  // after a crash the old backends exit when they notice their parent is gone; until then the
  // new server refuses the shared memory they hold, so a restart tries again for a few seconds
  const startAgain = async () => {
    for (let attempt = 0; ; attempt++) {
      try {
        return await start();
      } catch (error) {
        if (attempt >= 40) throw error;
        await new Promise((resolve) => setTimeout(resolve, 250));
      }
    }
  };
  const onExit = () => child?.kill("SIGKILL");
  process.once("exit", onExit);

  await start();
  return {
    url,
    port,
    pid: () => child?.pid,
    stop: () => exited("SIGINT"),
    kill: () => exited("SIGKILL"),
    restart: startAgain,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await client.query(`CREATE DATABASE "${name.replace(/"/g, "")}"`);
      } finally {
        await client.end();
      }
      return url.replace(/\/postgres$/, `/${name}`);
    },
    async destroy() {
      await exited("SIGINT");
      process.off("exit", onExit);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

async function accepts(url: string): Promise<boolean> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 1000 });
  client.on("error", () => {});
  try {
    await client.connect();
    await client.query("SELECT 1");
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}
