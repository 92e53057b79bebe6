// Runs a guide's `sh runnable` block as a reader would paste it into bash, and checks what it
// printed against the block's own `# → …` lines: each one states what the commands since the
// previous `# →` print (whitespace does not count; `…` stands for anything).
import { spawn } from "node:child_process";

export type Expectation = { line: number; patterns: string[] };
export type BlockRun = {
  code: number | null;
  stdout: string;
  stderr: string;
  expectations: Expectation[];
  outputs: string[];
};

const MARK = "@@docs-expect@@";

/** The block as a script: each group of `# →` lines becomes a marker in the output. */
export function scriptOf(body: string): { script: string; expectations: Expectation[] } {
  const expectations: Expectation[] = [];
  const lines: string[] = ["set -euo pipefail"];
  body.split("\n").forEach((line, index) => {
    const expected = /^\s*# → (.*)$/.exec(line);
    if (!expected) {
      lines.push(line);
      return;
    }
    const previous = expectations.at(-1);
    // consecutive `# →` lines describe the same output
    if (previous && previous.line + previous.patterns.length === index + 1) previous.patterns.push(expected[1]!);
    else {
      expectations.push({ line: index + 1, patterns: [expected[1]!] });
      lines.push(`printf '\\n%s\\n' '${MARK}'`);
    }
  });
  return { script: `${lines.join("\n")}\n`, expectations };
}

/** Whether `output` holds `pattern`, whitespace-insensitive, `…` matching anything. */
export function matches(output: string, pattern: string): boolean {
  const flat = (text: string) => text.replace(/\s+/g, " ").trim();
  const source = flat(pattern)
    .split("…")
    .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&").replace(/ /g, "\\s*"))
    .join("[\\s\\S]*?");
  return new RegExp(source).test(flat(output));
}

export function runBlock(
  body: string,
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<BlockRun> {
  const { script, expectations } = scriptOf(body);
  return new Promise((resolve, reject) => {
    const child = spawn("bash", ["-c", script], {
      cwd: options.cwd,
      env: options.env,
      stdio: ["ignore", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    const timer = setTimeout(() => child.kill("SIGKILL"), options.timeoutMs);
    child.on("error", reject);
    child.on("close", (code) => {
      clearTimeout(timer);
      // output i is what was printed before marker i
      const outputs = stdout.split(`\n${MARK}\n`);
      resolve({ code, stdout, stderr, expectations, outputs });
    });
  });
}
