// `_meta.idempotencyKey` on MCP tools/call (docs/design.md, idempotency): the API's Idempotency-Key through
// the official client, replays marked in the result's _meta, and no tool schema grows a field.
import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { connectMcp, expectToolError, expectToolOk, type McpClient } from "../support/mcp";
import { baseUrl, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
type Result = {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text?: string }[];
  _meta?: Record<string, unknown>;
};

const callWithKey = async (client: McpClient, name: string, args: Record<string, unknown>, idempotencyKey: unknown) =>
  (await client.callTool({ name, arguments: args, _meta: { idempotencyKey } })) as Result;
// questions.ask reuses an open question with the same key, so its runs are counted in the audit trail
const ask = (world: World, key: string) => ({
  brand: world.brand.shortId,
  questions: [{ key, question: `About ${key}?`, options: [], scope: "work" }],
});
const runs = (world: World) =>
  db().auditEntry.count({ where: { brandId: world.brand.id, capabilityId: "questions.ask", outcome: "ok" } });

describe("MCP tools/call with _meta.idempotencyKey", () => {
  it("replays the first result, marked idempotentReplayed, and writes once", async () => {
    const world = await makeWorld();
    const client = await connectMcp(world.admin.key);
    const key = randomUUID();
    const first = await callWithKey(client, "questions_ask", ask(world, "brand.mcp"), key);
    expectToolOk(first);
    expect(first._meta?.idempotentReplayed).toBeUndefined();
    const again = await callWithKey(client, "questions_ask", ask(world, "brand.mcp"), key);
    expect(again.structuredContent).toEqual(first.structuredContent);
    expect(again.content).toEqual(first.content);
    expect(again._meta?.idempotentReplayed).toBe(true);
    expect(await runs(world)).toBe(1);
    // the same key through the API door is the same key: the caller and brand are
    const response = await fetch(`${baseUrl()}/api/v1/questions.ask`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${world.admin.key}`,
        "Content-Type": "application/json",
        "Idempotency-Key": key,
      },
      body: JSON.stringify(ask(world, "brand.mcp")),
    });
    expect([response.headers.get("idempotent-replayed"), (await response.json()).data]).toEqual([
      "true",
      first.structuredContent,
    ]);
    await client.close();
  });

  it("refuses another input (idempotency_key_reused) and an invalid key (naming _meta.idempotencyKey)", async () => {
    const world = await makeWorld();
    const client = await connectMcp(world.admin.key);
    const key = randomUUID();
    expectToolOk(await callWithKey(client, "questions_ask", ask(world, "brand.one"), key));
    expect(
      expectToolError(
        await callWithKey(client, "questions_ask", ask(world, "brand.two"), key),
        "idempotency_key_reused",
      ).message,
    ).toContain(key);
    for (const bad of ["", "x".repeat(256), 42]) {
      expect(
        expectToolError(await callWithKey(client, "questions_ask", ask(world, "brand.bad"), bad), "invalid_input")
          .field,
      ).toBe("_meta.idempotencyKey");
    }
    expect(await runs(world)).toBe(1);
    await client.close();
  });

  it("concurrent calls with one key: one runs, the others idempotency_key_in_use or its replay", async () => {
    const world = await makeWorld();
    const client = await connectMcp(world.admin.key);
    const key = randomUUID();
    const results = await Promise.all(
      Array.from({ length: 6 }, () => callWithKey(client, "questions_ask", ask(world, "brand.race"), key)),
    );
    const ran = results.filter((result) => !result.isError && result._meta?.idempotentReplayed !== true);
    expect(ran).toHaveLength(1);
    for (const result of results.filter((result) => result !== ran[0])) {
      if (result.isError) expect(expectToolError(result, "idempotency_key_in_use").retryAfterSeconds).toBe(1);
      else expect(result.structuredContent).toEqual(ran[0]!.structuredContent);
    }
    expect(await runs(world)).toBe(1);
    await client.close();
  });

  it("confirmation with a key: the token route and the elicitation both run once, and the retry is replayed without asking again", async () => {
    const world = await makeWorld();
    const plain = await connectMcp(world.admin.key);
    const key = randomUUID();
    const colour = { brand: world.brand.shortId, name: "Sea", hex: "#2E8B57" };
    const asked = expectToolError(await callWithKey(plain, "kit_colors_add", colour, key), "confirmation_required");
    const confirmed = await callWithKey(
      plain,
      "kit_colors_add",
      { ...colour, confirmationToken: asked.confirmationToken },
      key,
    );
    expectToolOk(confirmed);
    const retry = await callWithKey(plain, "kit_colors_add", colour, key);
    expect([retry.structuredContent, retry._meta?.idempotentReplayed]).toEqual([confirmed.structuredContent, true]);

    const asking = await connectMcp(world.admin.key, { elicit: "accept" });
    const other = { brand: world.brand.shortId, name: "Sand", hex: "#C2B280" };
    const otherKey = randomUUID();
    expectToolOk(await callWithKey(asking, "kit_colors_add", other, otherKey));
    expect(asking.elicited).toHaveLength(1);
    expect((await callWithKey(asking, "kit_colors_add", other, otherKey))._meta?.idempotentReplayed).toBe(true);
    expect(asking.elicited).toHaveLength(1);
    expect(await db().kitColor.count({ where: { brandId: world.brand.id, hex: { in: ["#2E8B57", "#C2B280"] } } })).toBe(
      2,
    );
    await Promise.all([plain.close(), asking.close()]);
  });

  it("no tool's input schema carries an idempotency key (only questions_answer's own body field)", async () => {
    const world = await makeWorld();
    const client = await connectMcp(world.admin.key);
    const carrying = (await client.listTools()).tools.filter((tool) =>
      JSON.stringify(tool.inputSchema).toLowerCase().includes("idempotency"),
    );
    expect(carrying.map((tool) => tool.name)).toEqual(["questions_answer"]);
    await client.close();
  });
});
