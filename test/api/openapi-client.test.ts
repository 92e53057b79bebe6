// A TypeScript client generated from the served document by swagger-typescript-api: it must
// type-check under strict settings and work against the running server (a read, a confirmed write).
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { generateApi } from "swagger-typescript-api";
import { servedDocument } from "../support/contract";
import { assertContract } from "../support/contract";
import { baseUrl, makeWorld } from "../support/world";

const run = promisify(execFile);

describe("generated TypeScript client", () => {
  let dir: string;
  let world: Awaited<ReturnType<typeof makeWorld>>;

  beforeAll(async () => {
    world = await makeWorld();
    dir = mkdtempSync(path.join(tmpdir(), "openapi-client-"));
    await generateApi({
      spec: (await servedDocument()) as never,
      output: dir,
      fileName: "client.ts",
      httpClientType: "fetch",
      silent: true,
    });
    // the generator marks its file @ts-nocheck; drop it so tsc really checks the generated code
    const file = path.join(dir, "client.ts");
    writeFileSync(file, readFileSync(file, "utf8").replace(/^\/\/ @ts-nocheck\n/m, ""));
  }, 60_000);

  it("type-checks with tsc (strict)", async () => {
    writeFileSync(
      path.join(dir, "tsconfig.json"),
      JSON.stringify({
        compilerOptions: {
          target: "ES2022",
          module: "esnext",
          moduleResolution: "bundler",
          lib: ["ES2022", "DOM"],
          strict: true,
          noEmit: true,
          skipLibCheck: true,
          types: [],
        },
        files: ["client.ts"],
      }),
    );
    const result = await run(path.resolve("node_modules/.bin/tsc"), ["-p", path.join(dir, "tsconfig.json")]).catch(
      (error) => error,
    );
    expect(`${result.stdout}${result.stderr}`).toBe("");
    expect(readFileSync(path.join(dir, "client.ts"), "utf8")).not.toContain("@ts-nocheck");
  }, 60_000);

  it("reads the kit and adds a colour through the confirmation flow", async () => {
    const { Api } = await import(/* @vite-ignore */ path.join(dir, "client.ts"));
    // every response the client receives is checked against the document too
    const checked: typeof fetch = async (input, init) => {
      const response = await fetch(input, init);
      const id = new URL(String(input instanceof Request ? input.url : input)).pathname.replace("/api/v1/", "");
      await assertContract(init?.method ?? "GET", id, response.status, response.headers, await response.clone().text());
      return response;
    };
    const api = new Api({
      baseUrl: baseUrl(),
      customFetch: checked,
      baseApiParams: { headers: { Authorization: `Bearer ${world.admin.key}` } },
    });

    const read = await api.api.kitRead({ brand: world.brand.shortId });
    expect(read.status).toBe(200);
    expect(read.data.ok).toBe(true);
    expect(Array.isArray(read.data.data.colors)).toBe(true);

    const colour = {
      brand: world.brand.shortId,
      name: "Client blue",
      hex: `#${randomBytes(3).toString("hex")}`,
      role: "accent" as const,
    };
    const first = await api.api.kitColorsAdd(colour).then(
      () => {
        throw new Error("expected 409 confirmation_required");
      },
      (failure: { status: number; error: any }) => failure,
    );
    expect(first.status).toBe(409);
    expect(first.error.error.code).toBe("confirmation_required");
    const token: string = first.error.error.confirmationToken;
    expect(token.length).toBeGreaterThan(0);

    const second = await api.api.kitColorsAdd({ ...colour, confirmationToken: token });
    expect(second.status).toBe(200);
    expect(second.data).toMatchObject({ ok: true, data: { ok: true } });
    expect(typeof second.data.data.id).toBe("string");

    const after = await api.api.kitRead({ brand: world.brand.shortId, parts: ["colors"] });
    expect(after.data.data.colors.map((row: { hex: string }) => row.hex)).toContain(colour.hex.toUpperCase());
  });
});
