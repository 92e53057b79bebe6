// Starts the real built service on a free port, with its own environment: what `npm start` serves
// (scripts/serve.ts: the doors in front of Next's handler), or `next start` alone when a test says
// so (the route handlers kept for deployments that run it).
import { spawn, type ChildProcess } from "node:child_process";
import { createServer } from "node:net";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "../..");

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
    server.on("error", reject);
  });
}

export type RunningServer = {
  url: string;
  /** the server's process (signals, /proc/<pid>/status) */
  pid: number;
  /** resolves with the exit code once the process has ended */
  exited: Promise<number | null>;
  stop(): Promise<void>;
  /** what the server printed so far (tests check that a failure was logged) */
  output(): string;
};

/** `nextStart`: `next start` alone; `nodeArgs`: options for Node running scripts/serve.ts (a CPU profile). */
export async function startServer(
  env: Record<string, string>,
  options: { nextStart?: boolean; nodeArgs?: string[] } = {},
): Promise<RunningServer> {
  const port = await freePort();
  const [command, args] = options.nextStart
    ? [path.join(ROOT, "node_modules/.bin/next"), ["start", "-p", String(port), "-H", env.HOST ?? "127.0.0.1"]]
    : [process.execPath, [...(options.nodeArgs ?? []), "--import", "tsx", "scripts/serve.ts"]];
  const child: ChildProcess = spawn(command, args, {
    cwd: ROOT,
    // APP_URL: where the server is reached, unless a test says it is served elsewhere (behind TLS)
    // HOST: loopback unless a test says otherwise, whatever the shell running the suite exports
    env: {
      ...process.env,
      HOST: "127.0.0.1",
      ...env,
      PORT: String(port),
      APP_URL: env.APP_URL ?? `http://127.0.0.1:${port}`,
      NODE_ENV: "production",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited early:\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`server did not start:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    url,
    pid: child.pid!,
    exited,
    output: () => output,
    stop: () =>
      new Promise((resolve) => {
        if (child.exitCode !== null) return resolve();
        child.once("exit", () => resolve());
        child.kill("SIGTERM");
      }),
  };
}
