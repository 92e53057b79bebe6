// The documentation runs as written for an integrator using openapi-typescript with its defaults:
// types generated from the served /openapi.json, and every request and response example of the
// document assigned to them, type-checked under strict settings. Before, a request
// field with a `default` was required there, so `brands.list {}` did not compile.
// openapi-typescript needs TypeScript 5's compiler API, which the project's TypeScript 7 no longer
// ships: it runs isolated through npx, pinned (package.json "comments"), in a temp dir.
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { beforeAll, describe, expect, it } from "vitest";
import { servedDocument } from "../support/contract";

const run = promisify(execFile);
const GENERATOR = ["-y", "-p", "openapi-typescript@7.13.0", "-p", "typescript@5.9.3", "openapi-typescript"];

type Media = { examples?: Record<string, { value: unknown }> };
type Operation = {
  requestBody?: { content: Record<string, Media> };
  responses: Record<string, { content?: Record<string, Media> }>;
};

/** One typed constant per example: `const e1: <the generated type> = <the example>;`. */
function examplesSource(document: { paths: Record<string, { post?: Operation }> }): { source: string; count: number } {
  const lines = ['import type { paths } from "./types";', ""];
  let count = 0;
  const constant = (type: string, value: unknown, what: string) => {
    count += 1;
    lines.push(`// ${what}`, `export const e${count}: ${type} = ${JSON.stringify(value, null, 1)};`);
  };
  for (const [route, item] of Object.entries(document.paths)) {
    const operation = item.post;
    if (!operation) continue;
    const at = `paths[${JSON.stringify(route)}]["post"]`;
    for (const [name, example] of Object.entries(operation.requestBody?.content["application/json"]?.examples ?? {}))
      constant(`NonNullable<${at}["requestBody"]>["content"]["application/json"]`, example.value, `${route} ${name}`);
    for (const [status, response] of Object.entries(operation.responses))
      for (const [name, example] of Object.entries(response.content?.["application/json"]?.examples ?? {}))
        constant(
          `${at}["responses"][${status}]["content"]["application/json"]`,
          example.value,
          `${route} ${status} ${name}`,
        );
  }
  // the one the issue names: every field of brands.list has a default, so nothing is required
  constant(
    `NonNullable<paths["/api/v1/brands.list"]["post"]["requestBody"]>["content"]["application/json"]`,
    {},
    "brands.list {}",
  );
  return { source: `${lines.join("\n")}\n`, count };
}

describe("openapi-typescript (its defaults) on the served document", () => {
  let dir: string;
  let count = 0;

  beforeAll(async () => {
    dir = mkdtempSync(path.join(tmpdir(), "openapi-typescript-"));
    const document = (await servedDocument()) as Parameters<typeof examplesSource>[0];
    writeFileSync(path.join(dir, "openapi.json"), JSON.stringify(document));
    await run("npx", [...GENERATOR, "openapi.json", "-o", "types.ts"], { cwd: dir, timeout: 110_000 });
    const examples = examplesSource(document);
    count = examples.count;
    writeFileSync(path.join(dir, "examples.ts"), examples.source);
  }, 120_000);

  it("types every request and response example of the document (strict)", async () => {
    expect(readFileSync(path.join(dir, "types.ts"), "utf8")).toContain("export interface paths");
    expect(count).toBeGreaterThan(50);
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "esnext",
          moduleResolution: "bundler",
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ["examples.ts"],
      }),
    );
    const result = await run(path.resolve("node_modules/.bin/tsc"), ["-p", path.join(dir, "tsconfig.json")]).catch(
      (error) => error,
    );
    expect(`${result.stdout ?? ""}${result.stderr ?? ""}`).toBe("");
  }, 60_000);
});
