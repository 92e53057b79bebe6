// Dependencies point one way (docs/contributors.md, How it is built): no import cycle anywhere in lib, app or
// components, and no arrow between rooms of lib against the layering written down in
// scripts/support/import-graph.ts (`npx tsx scripts/import-graph.ts` prints the picture).
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { importPicture, importsOf } from "../../scripts/support/import-graph";

const ROOT = path.resolve(import.meta.dirname, "../..");
const picture = importPicture(ROOT);
const shown = (arrows: { from: string; to: string; via: string[] }[]) =>
  arrows.map((arrow) => `${arrow.from} → ${arrow.to}: ${arrow.via.join(", ")}`);

describe("the import picture of the code", () => {
  it("has no import cycle", () => {
    expect(picture.cycles).toEqual([]);
  });

  it("has no arrow between rooms of lib running against the layering", () => {
    expect(shown(picture.backArrows)).toEqual([]);
  });

  it("places every room of lib in the layering", () => {
    expect(picture.unplaced).toEqual([]);
  });

  it("lets the pipeline reach the capabilities only through the registry", () => {
    const reached = picture.arrows
      .filter((arrow) => arrow.from.startsWith("lib/core/") && arrow.to.startsWith("lib/capabilities/"))
      .map((arrow) => arrow.to);
    expect(reached.length).toBeGreaterThan(0);
    expect([...new Set(reached)]).toEqual(["lib/capabilities/registry.ts"]);
  });

  it("calls capabilities without casting to never, in the pipeline and the doors", () => {
    const files = [
      "lib/core/invoke.ts",
      ...readdirSync(path.join(ROOT, "lib/doors")).map((name) => `lib/doors/${name}`),
    ];
    const casting = files.filter((file) => readFileSync(path.join(ROOT, file), "utf8").includes("as never"));
    expect(casting).toEqual([]);
  });
});

describe("the picture sees what it looks for", () => {
  it("reads static, type-only, re-exported, side-effect and dynamic imports, and no commented-out one", () => {
    const text = [
      'import { a } from "./a";',
      'import type {\n  B,\n} from "../b";',
      'export { c } from "./c";',
      'import "./d";',
      'const e = await import("./e");',
      '// import { f } from "./f";',
      "/* import { g } from './g'; */",
    ].join("\n");
    expect(importsOf(text)).toEqual([
      { specifier: "./a", typeOnly: false },
      { specifier: "../b", typeOnly: true },
      { specifier: "./c", typeOnly: false },
      { specifier: "./d", typeOnly: false },
      { specifier: "./e", typeOnly: false },
    ]);
  });

  it("finds a loop, an upward arrow, an arrow into the pages and an unplaced room in a made-up tree", () => {
    const root = mkdtempSync(path.join(tmpdir(), "layering-"));
    const write = (file: string, text: string) => {
      mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
      writeFileSync(path.join(root, file), text);
    };
    write("lib/core/invoke.ts", 'import { list } from "../capabilities/registry";\n');
    write("lib/capabilities/registry.ts", 'import type { Outcome } from "../core/invoke";\n');
    write("lib/doors/api.ts", 'import { page } from "@/app/page";\n');
    write("lib/attic/old.ts", 'import { list } from "../capabilities/registry";\n');
    write("app/page.tsx", "export const page = 1;\n");
    write("components/a.tsx", 'import { b } from "./b";\n');
    write("components/b.tsx", 'import { a } from "./a";\n');
    const made = importPicture(root);
    expect(made.cycles).toEqual([
      ["components/a.tsx", "components/b.tsx"],
      ["lib/capabilities/registry.ts", "lib/core/invoke.ts"],
    ]);
    expect(made.backArrows.map((arrow) => `${arrow.from} → ${arrow.to}`)).toEqual([
      "attic → capabilities",
      "capabilities → core",
      "doors → app",
    ]);
    expect(made.unplaced).toEqual(["attic"]);
  });
});
