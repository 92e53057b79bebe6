// The guides cannot rot silently: their links resolve, the operators' configuration table names
// every setting the code reads (with the code's defaults), and every `sh runnable` block runs
// against the suite's server and prints what the guide says it prints.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "../../lib/config";
import { BUILT_IN_PROVIDERS } from "../../lib/connections/providers";
import { bytes } from "../support/files";
import { anchors, fences, guideFiles, linkTargets, readGuide, ROOT, tableAfter } from "../support/markdown";
import { matches, runBlock } from "../support/runnable";
import { baseUrl, makeWorld } from "../support/world";

describe("links of README.md and docs/*.md", () => {
  it.each(guideFiles())("%s: every relative link and #anchor resolves", (file) => {
    const broken: string[] = [];
    for (const target of linkTargets(readGuide(file))) {
      if (/^(https?:|mailto:)/.test(target)) continue;
      const [where, anchor] = target.split("#") as [string, string | undefined];
      const resolved = where
        ? path.resolve(path.dirname(path.join(ROOT, file)), decodeURIComponent(where))
        : path.join(ROOT, file);
      if (!existsSync(resolved)) broken.push(`${target}: no file ${path.relative(ROOT, resolved)}`);
      else if (anchor !== undefined && !anchors(readFileSync(resolved, "utf8")).has(anchor))
        broken.push(`${target}: no heading makes #${anchor}`);
    }
    expect(broken).toEqual([]);
  });
});

describe("no ticket numbers in the code", () => {
  // A comment says why, not which ticket: a reader of this repository has no tracker to look a number
  // up in (the settled design is docs/design.md). Another project's tracker is cited by its URL form
  // (owner/repo#123), which this does not match.
  const TICKET = /\bissue [0-9]/i;
  const SOURCE = /\.(ts|tsx|js|jsx|mjs|cjs|css)$/;
  // generated from prisma/schema.prisma, and ignored by git
  const GENERATED = new Set(["lib/db/generated", "lib/db/generated-pg"]);
  const filesUnder = (folder: string): string[] =>
    readdirSync(path.join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
      const relative = `${folder}/${entry.name}`;
      if (entry.isDirectory()) return GENERATED.has(relative) ? [] : filesUnder(relative);
      return SOURCE.test(entry.name) ? [relative] : [];
    });
  const lineOf = (text: string, index: number) => text.slice(0, index).split("\n").length;

  it("no source file of lib/, components/ or app/ names an issue number", () => {
    const found = ["lib", "components", "app"].flatMap(filesUnder).flatMap((file) =>
      readFileSync(path.join(ROOT, file), "utf8")
        .split("\n")
        .flatMap((line, index) => (TICKET.test(line) ? [`${file}:${index + 1}: ${line.trim()}`] : [])),
    );
    expect(found).toEqual([]);
  });

  it("no test title of test/ or e2e/ names an issue number", () => {
    // the first string argument of describe, it or test (and their .each, .skip, … forms called directly)
    const TITLE = /\b(?:describe|it|test)(?:\.[A-Za-z]+)*\(\s*(["'`])((?:\\.|(?!\1)[^\\])*)\1/g;
    const found = ["test", "e2e"].flatMap(filesUnder).flatMap((file) => {
      const text = readFileSync(path.join(ROOT, file), "utf8");
      return [...text.matchAll(TITLE)]
        .filter((match) => TICKET.test(match[2]!))
        .map((match) => `${file}:${lineOf(text, match.index)}: ${match[2]}`);
    });
    expect(found).toEqual([]);
  });
});

describe("the operators' configuration table", () => {
  const guide = readGuide("docs/operators.md");
  const rows = tableAfter(guide, "## Configuration");
  const names = (cell: string) => [...cell.matchAll(/`([A-Z<][A-Z0-9_<>]*)`/g)].map((match) => match[1]!);
  const listed = new Map(rows.flatMap((row) => names(row[0]!).map((name) => [name, row[1]!] as const)));
  // every key of lib/config.ts's schema, and whether the schema gives it a default of its own
  const source = readFileSync(path.join(ROOT, "lib/config.ts"), "utf8");
  // the schema's object as the formatter lays it out (npm run format): its keys indented by four
  const start = source.indexOf("const schema = z\n  .object({");
  const body = source.slice(start, source.indexOf("\n  .superRefine((env", start));
  const settings = [...body.matchAll(/^ {4}([A-Z][A-Z0-9_]*):([\s\S]*?)(?=^ {4}[A-Z][A-Z0-9_]*:|$(?![\s\S]))/gm)].map(
    (match) => ({
      name: match[1]!,
      declaresDefault: match[2]!.includes(".default("),
    }),
  );

  it("names every setting of lib/config.ts, and only real settings", () => {
    expect(settings.length).toBeGreaterThan(40);
    expect(settings.map((setting) => setting.name).filter((name) => !listed.has(name))).toEqual([]);
    const known = new Set([
      ...settings.map((setting) => setting.name),
      "CONNECTION_PROVIDERS_FILE",
      "<PROVIDER>_CLIENT_ID",
      "<PROVIDER>_CLIENT_SECRET",
    ]);
    expect([...listed.keys()].filter((name) => !known.has(name))).toEqual([]);
  });

  it("gives each default the code declares", () => {
    const saved = process.env;
    process.env = { NODE_ENV: saved.NODE_ENV, APP_SECRET: "d".repeat(32) }; // nothing else set: every default applies
    resetConfigForTests();
    try {
      const defaults = config() as Record<string, unknown>;
      const wrong = settings
        .filter(
          (setting) =>
            setting.declaresDefault &&
            ["string", "number"].includes(typeof defaults[setting.name]) &&
            defaults[setting.name] !== "",
        )
        .filter((setting) => !(listed.get(setting.name) ?? "").includes(`\`${defaults[setting.name]}\``))
        .map(
          (setting) =>
            `${setting.name}: the code's default is ${defaults[setting.name]}, the table says ${listed.get(setting.name)}`,
        );
      expect(wrong).toEqual([]);
    } finally {
      process.env = saved;
      resetConfigForTests();
    }
  });

  it("lists each built-in provider's OAuth client variables", () => {
    const providers = tableAfter(guide, "### Connection providers")
      .map((row) => row[1]!)
      .join(" ");
    for (const { envPrefix } of BUILT_IN_PROVIDERS) {
      expect(providers).toContain(`\`${envPrefix}_CLIENT_ID\``);
      expect(providers).toContain(`\`${envPrefix}_CLIENT_SECRET\``);
    }
  });
});

describe("runnable blocks of the guides, against the suite's server", () => {
  const blocks = guideFiles().flatMap((file) =>
    fences(readGuide(file))
      .filter((fence) => /^sh\s+runnable\b/.test(fence.info))
      .map((fence) => ({ file, ...fence })),
  );
  const worlds = new Map<string, Awaited<ReturnType<typeof makeWorld>>>();
  // inside the repository (test-results/ is ignored), so `npm run admin` finds the project
  const cwd =
    (mkdirSync(path.join(ROOT, "test-results"), { recursive: true }),
    mkdtempSync(path.join(ROOT, "test-results", "docs-")));

  beforeAll(async () => {
    writeFileSync(path.join(cwd, "logo-dark.png"), bytes.png());
    // one brand and admin per guide: a guide's blocks run in order, as a reader goes through it
    for (const file of new Set(blocks.map((block) => block.file))) worlds.set(file, await makeWorld());
  });
  afterAll(() => rmSync(cwd, { recursive: true, force: true }));

  it("every guide for a reader who runs commands has some, and jq is there for them", () => {
    for (const file of ["README.md", "docs/integrators.md", "docs/mcp.md", "docs/operators.md", "docs/people.md"]) {
      expect(blocks.filter((block) => block.file === file).length, file).toBeGreaterThan(0);
    }
    expect(() => execFileSync("jq", ["--version"]), "the guides' examples use jq: apt-get install -y jq").not.toThrow();
  });

  it.each(blocks.map((block) => [`${block.file}:${block.line}`, block] as const))(
    "%s",
    async (_name, block) => {
      const world = worlds.get(block.file)!;
      const env = {
        ...process.env,
        BASE: baseUrl(),
        KEY: world.admin.key,
        BRAND: world.brand.shortId,
        // the admin CLI examples write to a database of their own
        DATABASE_URL: `file:${path.join(cwd, `${block.file.replace(/\W/g, "-")}-${block.line}.db`)}`,
        MCP_CATALOG_PATH: path.join(cwd, "mcp.json"),
      };
      const run = await runBlock(block.body, { cwd, env, timeoutMs: 200_000 });
      expect(run.code, `exit code; stderr:\n${run.stderr}\nstdout:\n${run.stdout}`).toBe(0);
      run.expectations.forEach((expectation, index) => {
        for (const pattern of expectation.patterns) {
          expect(
            matches(run.outputs[index]!, pattern),
            `line ${block.line + expectation.line} says:\n${pattern}\nprinted:\n${run.outputs[index]}`,
          ).toBe(true);
        }
      });
    },
    240_000,
  );
});
