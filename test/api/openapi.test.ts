// The OpenAPI document (GET /api/v1/openapi.json), the catalogue and /docs: generated from the
// registry, linted by Redocly, and served by static routes that win over /api/v1/[capability].
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { capabilities } from "../../lib/capabilities/registry";
import { assertContract, servedDocument } from "../support/contract";
import { baseUrl } from "../support/world";

const run = promisify(execFile);
const apiCapabilities = capabilities.filter((capability) => capability.execute && capability.doors.includes("api"));
const codesAt = (document: any, id: string, status: number): string[] => {
  const schema = document.paths[`/api/v1/${id}`].post.responses[String(status)]?.content["application/json"].schema;
  if (!schema) return [];
  return (schema.oneOf ?? [schema]).map((ref: { $ref: string }) => ref.$ref.replace("#/components/schemas/Error_", ""));
};

describe("GET /api/v1/openapi.json", () => {
  it("is served by its static route (not the capability route's 405) as OpenAPI 3.1", async () => {
    const response = await fetch(`${baseUrl()}/api/v1/openapi.json`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const document = await response.json();
    expect(document.openapi).toMatch(/^3\.1\./);
    expect(document.components.securitySchemes.bearerKey).toMatchObject({ type: "http", scheme: "bearer" });
    expect(document.info.description).toMatch(/Confirmation flow/);
    expect(document.info.description).toMatch(/Revision flow/);
  });

  it("has one POST per capability served on the API door, with the registry's facts as x- extensions", async () => {
    const document = await servedDocument();
    const operations = Object.keys(document.paths).filter((key) => !key.includes("{") && document.paths[key].post);
    expect(operations.sort()).toEqual(apiCapabilities.map((capability) => `/api/v1/${capability.id}`).sort());
    for (const capability of apiCapabilities) {
      const operation = document.paths[`/api/v1/${capability.id}`].post;
      expect(operation).toMatchObject({
        operationId: capability.id,
        summary: capability.title,
        "x-scope": capability.scope,
        "x-min-role": capability.minRole,
        "x-confirmation": capability.confirmation,
        "x-status": capability.phase,
        "x-doors": [...capability.doors],
        "x-kind": capability.kind,
      });
      expect(operation["x-codeSamples"][0].source).toContain(`/api/v1/${capability.id}`);
      expect(Object.keys(operation.responses)).toEqual(
        expect.arrayContaining(["200", "401", "404", "422", "429", "500", "503"]),
      );
    }
  });

  it("declares each error code only where the capability can give it", async () => {
    const document = await servedDocument();
    expect(codesAt(document, "kit.colors.add", 409).sort()).toEqual([
      "brand_not_operational",
      "confirmation_required",
      "idempotency_key_in_use",
    ]);
    expect(codesAt(document, "brand.profile.update", 409).sort()).toEqual([
      "brand_not_operational",
      "confirmation_required",
      "idempotency_key_in_use",
      "revision_conflict",
    ]);
    expect(codesAt(document, "questions.ask", 409).sort()).toEqual(["brand_not_operational", "idempotency_key_in_use"]);
    expect(codesAt(document, "questions.ask", 422).sort()).toEqual(["idempotency_key_reused", "invalid_input"]);
    expect(codesAt(document, "kit.read", 409)).toEqual([]);
    expect(codesAt(document, "kit.read", 422)).toEqual(["invalid_input"]);
    expect(codesAt(document, "kit.read", 403).sort()).toEqual(["forbidden", "insufficient_scope"]);
    expect(codesAt(document, "brands.list", 403)).toEqual([]);
    const request = document.components.schemas.KitColorsAddRequest;
    expect(request.required).toEqual(expect.arrayContaining(["brand", "name", "hex"]));
    expect(request.properties.confirmationToken).toBeDefined();
    expect(request.properties.name).toMatchObject({ minLength: 1, maxLength: 60 });
    expect(document.components.schemas.KitReadRequest.properties.confirmationToken).toBeUndefined();
    // every write, and only writes, takes an Idempotency-Key and may answer Idempotent-Replayed
    const post = (id: string) => document.paths[`/api/v1/${id}`].post;
    expect(post("kit.colors.add").parameters).toEqual([{ $ref: "#/components/parameters/Idempotency-Key" }]);
    expect(Object.keys(post("kit.colors.add").responses["200"].headers)).toContain("Idempotent-Replayed");
    expect(Object.keys(post("kit.colors.add").responses["429"].headers)).not.toContain("Idempotent-Replayed");
    expect(post("kit.read").parameters).toBeUndefined();
    expect(Object.keys(post("kit.read").responses["200"].headers)).not.toContain("Idempotent-Replayed");
    expect(document.components.schemas.BrandsListRequest.required ?? []).not.toContain("brand");
  });

  it("says request defaults in words, so generated clients leave those fields optional", async () => {
    // openapi-typescript's defaults (defaultNonNullable) make any field with a `default` required in
    // the request type (openapi-ts/openapi-typescript#1741): `brands.list {}` would not compile
    const document = (await servedDocument()) as { components: { schemas: Record<string, unknown> } };
    const withDefault: string[] = [];
    const walk = (node: unknown, at: string): void => {
      if (node === null || typeof node !== "object") return;
      // arrays too: their entries are their positions
      for (const [key, value] of Object.entries(node)) {
        if (key === "default" && !at.endsWith("/properties")) withDefault.push(at);
        walk(value, `${at}/${key}`);
      }
    };
    for (const [name, schema] of Object.entries(document.components.schemas))
      if (name.endsWith("Request")) walk(schema, name);
    expect(withDefault).toEqual([]);
    const brandsList = document.components.schemas.BrandsListRequest as {
      required: string[];
      properties: Record<string, { description?: string }>;
    };
    expect(brandsList.required).toEqual([]);
    expect(brandsList.properties.limit!.description).toMatch(/Default: 20\.$/);
  });

  it("passes redocly lint with zero errors", async () => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), "openapi-lint-")), "openapi.json");
    writeFileSync(file, JSON.stringify(await servedDocument()));
    const cli = path.resolve("node_modules/.bin/redocly");
    const result = await run(cli, ["lint", file, "--config", path.resolve(".redocly.yaml"), "--format=json"], {
      env: { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" },
      maxBuffer: 16 * 1024 * 1024,
    }).catch((error: { code: number; stdout: string; stderr: string }) => error);
    const report = JSON.parse(result.stdout);
    const errors = report.problems.filter((problem: { severity: string }) => problem.severity === "error");
    expect(errors).toEqual([]);
    expect(report.totals.errors).toBe(0);
  }, 60_000);

  it("the contract check refuses a response the document does not declare", async () => {
    await expect(
      assertContract(
        "POST",
        "kit.read",
        409,
        new Headers({ "X-Request-Id": "x", "Content-Type": "application/json" }),
        "{}",
      ),
    ).rejects.toThrow(/not declared/);
    await expect(
      assertContract(
        "POST",
        "kit.read",
        200,
        new Headers({ "X-Request-Id": "x", "Content-Type": "application/json" }),
        JSON.stringify({ ok: true, data: { colors: "red" } }),
      ),
    ).rejects.toThrow(/does not match/);
    await expect(
      assertContract("GET", "kit.read", 405, new Headers({ "X-Request-Id": "x", Allow: "POST" }), ""),
    ).resolves.toBeUndefined();
  });
});

describe("GET /api/v1/catalog.json", () => {
  it("lists every capability of the registry with status, doors, scope and role", async () => {
    const response = await fetch(`${baseUrl()}/api/v1/catalog.json`);
    expect(response.status).toBe(200);
    const body = await response.json();
    await assertContract("GET", "catalog.json", 200, response.headers, JSON.stringify(body));
    expect(body.capabilities.map((row: { id: string }) => row.id)).toEqual(
      capabilities.map((capability) => capability.id),
    );
    expect(body.capabilities.find((row: { id: string }) => row.id === "kit.colors.add")).toEqual({
      id: "kit.colors.add",
      title: "Add a kit colour",
      kind: "write",
      scope: "kit.write",
      extraScopes: null,
      minRole: "admin",
      confirmation: true,
      status: "planned",
      doors: ["assistant", "voice", "mcp", "api"],
      widget: "palette",
      served: true,
      servedOnApi: true,
    });
    // a call of brand.check that names a file needs more than its scope (lib/contract/extra-scopes.ts)
    expect(body.capabilities.find((row: { id: string }) => row.id === "brand.check").extraScopes).toEqual({
      scopes: ["library.read", "kit.read"],
      when: "checking a file",
    });
    // the specification's phase is not whether it is built: every capability here is served
    expect(body.capabilities.filter((row: { served: boolean }) => !row.served)).toEqual([]);
  });
});

describe("GET /docs", () => {
  it("is Scalar's page for the document, with a server-rendered summary of every operation", async () => {
    const response = await fetch(`${baseUrl()}/docs`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    const html = await response.text();
    expect(html).toContain("createApiReference");
    expect(html).toContain("/api/v1/openapi.json");
    for (const capability of apiCapabilities) expect(html).toContain(`POST /api/v1/${capability.id}`);
  });
});
