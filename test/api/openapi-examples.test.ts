// The OpenAPI document's examples are true: every operation has them, each example is valid
// against its operation's schemas, and the walk they form (lib/openapi/examples/chain.ts), run
// against a fresh demo brand on a real server, answers what the document shows, up to the ids,
// times and tokens a run hands out anew.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { sha256 } from "../../lib/crypto";
import { DEMO_BRAND } from "../../lib/contract/demo-brand";
import { DEMO_LOGO_NAME, DEMO_LOGO_PNG, seedDemoBrand } from "../../lib/admin/seed-demo";
import { EXAMPLE_WALK } from "../../lib/openapi/examples/chain";
import type { Answer } from "../../lib/openapi/examples/handed-out";
import recorded from "../../lib/openapi/examples/recorded.json";
import { differences, walkExamples } from "../../scripts/support/example-walk";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { servedDocument } from "../support/contract";
import { call } from "../support/world";

type Json = Record<string, any>;
let document: Json;

beforeAll(async () => {
  document = await servedDocument();
});

const operations = () =>
  Object.entries(document.paths as Json).filter(([path]) => /^\/api\/v1\/[a-z]/.test(path) && !path.endsWith(".json"));

describe("every operation's examples", () => {
  it("names a request and a 200 answer for every capability served", () => {
    const missing = operations().filter(([, item]) => {
      const post = item.post as Json;
      return (
        !post.requestBody.content["application/json"].examples ||
        !post.responses["200"].content["application/json"].examples
      );
    });
    expect(missing.map(([path]) => path)).toEqual([]);
    expect(operations().length).toBeGreaterThanOrEqual(20);
  });

  it("gives examples that are valid against the operation's own schemas", () => {
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (instance: Ajv2020) => void)(ajv);
    const rewrite = (value: unknown): unknown =>
      JSON.parse(JSON.stringify(value).replaceAll("#/components/schemas/", "components#/$defs/"));
    ajv.addSchema({ $id: "components", $defs: rewrite(document.components.schemas) as Json });
    const invalid: string[] = [];
    for (const [path, item] of operations()) {
      const post = item.post as Json;
      const request = post.requestBody.content["application/json"];
      const checkRequest = ajv.compile(rewrite(request.schema) as Json);
      for (const [name, example] of Object.entries(request.examples as Json)) {
        if (!checkRequest(example.value))
          invalid.push(`${path} request ${name}: ${ajv.errorsText(checkRequest.errors)}`);
      }
      for (const [status, response] of Object.entries(post.responses as Json)) {
        const content = response.content?.["application/json"];
        if (!content?.examples) continue;
        const checkResponse = ajv.compile(rewrite(content.schema) as Json);
        for (const [name, example] of Object.entries(content.examples as Json)) {
          if (!checkResponse(example.value))
            invalid.push(`${path} ${status} ${name}: ${ajv.errorsText(checkResponse.errors)}`);
        }
      }
    }
    expect(invalid).toEqual([]);
  });
});

describe("the examples' walk against a fresh demo brand", () => {
  let server: RunningServer;
  let answers: Map<string, Answer>;
  let key: string;

  beforeAll(async () => {
    ({ key } = await seedDemoBrand(db() as never, "examples-walk-password"));
    // as `npm start` with a LinkedIn OAuth client configured (the connect example needs one)
    server = await startServer({
      ...inject("testEnv"),
      LINKEDIN_CLIENT_ID: "example-client",
      LINKEDIN_CLIENT_SECRET: "example-secret",
    });
    answers = await walkExamples({
      async call(capability, body) {
        const response = await call(capability, key, body, { url: server.url });
        return { status: response.status, body: response.body as Json };
      },
      async confirmBy(who) {
        await db().apiKey.update({ where: { hash: sha256(key) }, data: { confirmBy: who } });
      },
      async put(url, bytes, contentType) {
        return (await fetch(url, { method: "PUT", headers: { "Content-Type": contentType }, body: Buffer.from(bytes) }))
          .status;
      },
    });
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("records every step of the walk", () => {
    expect(Object.keys(recorded).sort()).toEqual(EXAMPLE_WALK.map((example) => example.name).sort());
  });

  it("the logos search finds the demo brand's approved logo, whose bytes the seed stored", async () => {
    const items = answers.get("logos")!.body.data.items as { id: string; name: string; status: string }[];
    expect(items.map(({ name, status }) => ({ name, status }))).toEqual([{ name: DEMO_LOGO_NAME, status: "approved" }]);
    const asset = await call(
      "library.asset.get",
      key,
      { brand: DEMO_BRAND, assetId: items[0]!.id },
      { url: server.url },
    );
    expect(asset.status).toBe(200);
    const download = await fetch((asset.body as { data: { url: string } }).data.url);
    expect(Buffer.from(await download.arrayBuffer())).toEqual(DEMO_LOGO_PNG);
  });

  it.each(EXAMPLE_WALK.map((example) => [example.name, example.capability]))(
    "%s (%s) answers what the document shows",
    (name) => {
      const shown = (recorded as Record<string, Answer>)[name]!;
      const live = answers.get(name)!;
      expect({ name, status: live.status }).toEqual({ name, status: shown.status });
      expect(differences(shown.body, live.body)).toEqual([]);
    },
  );
});
