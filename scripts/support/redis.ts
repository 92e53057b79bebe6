// A private Redis for tests and benchmarks: Debian's redis-server on a free loopback port, in a
// temporary folder, without persistence (no RDB snapshots, no AOF), so a restart starts empty
// like a replaced cache node. kill() is a crash (SIGKILL); restart() brings it back on the same
// port, so clients that reconnect by themselves find it again.
import { spawn, type ChildProcess } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { freePort } from "./start-server";

export type RunningRedis = {
  url: string;
  port: number;
  /** the running server's process id, for CPU readings */
  pid(): number | undefined;
  /** SIGTERM, wait for the exit, remove the folder */
  stop(): Promise<void>;
  /** SIGKILL, as a crash would; the folder stays for restart() */
  kill(): Promise<void>;
  /** start again on the same port (after kill or stop); resolves once it answers PING */
  restart(): Promise<void>;
  /** SIGSTOP: the port stays open and connections stay up, but nothing answers (a stalled server) */
  freeze(): void;
  /** SIGCONT after freeze() */
  thaw(): void;
};

const BINARY = process.env.REDIS_SERVER_BIN ?? "redis-server";

export async function startRedis(): Promise<RunningRedis> {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-redis-"));
  const port = await freePort();
  let child: ChildProcess | undefined;
  let output = "";

  const launch = async () => {
    output = "";
    child = spawn(
      BINARY,
      [
        "--port",
        String(port),
        "--bind",
        "127.0.0.1",
        "--dir",
        dir,
        "--save",
        "",
        "--appendonly",
        "no",
        "--daemonize",
        "no",
        "--protected-mode",
        "yes",
        "--loglevel",
        "warning",
      ],
      { stdio: ["ignore", "pipe", "pipe"] },
    );
    child.stdout!.on("data", (chunk) => (output += chunk));
    child.stderr!.on("data", (chunk) => (output += chunk));
    const started = child;
    const deadline = Date.now() + 10_000;
    while (!(await answersPing(port))) {
      if (started.exitCode !== null || started.signalCode !== null)
        throw new Error(`redis-server exited early:\n${output}`);
      if (Date.now() > deadline) throw new Error(`redis-server did not answer on ${port}:\n${output}`);
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  };

  const end = (signal: NodeJS.Signals) =>
    new Promise<void>((resolve) => {
      const running = child;
      if (!running || running.exitCode !== null || running.signalCode !== null) return resolve();
      running.once("exit", () => resolve());
      running.kill(signal);
    });

  await launch();
  return {
    url: `redis://127.0.0.1:${port}`,
    port,
    pid: () => child?.pid,
    stop: async () => {
      await end("SIGTERM");
      rmSync(dir, { recursive: true, force: true });
    },
    kill: () => end("SIGKILL"),
    restart: async () => {
      await end("SIGTERM");
      await launch();
    },
    freeze: () => void child?.kill("SIGSTOP"),
    thaw: () => void child?.kill("SIGCONT"),
  };
}

/** One inline PING over a raw socket: no client library, no reconnect logic to wait for. */
function answersPing(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: "127.0.0.1", port });
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(500, () => done(false));
    socket.once("error", () => done(false));
    socket.once("connect", () => socket.write("PING\r\n"));
    socket.once("data", (data) => done(data.toString().startsWith("+PONG")));
  });
}
