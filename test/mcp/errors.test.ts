// Every error code the API door gives arrives on the MCP door as an isError result carrying the
// API door's error body; a missing or bad key is refused at the HTTP level (401).
import { randomBytes, randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { setBrandStatus } from "../../lib/admin/commands";
import { startServer, type RunningServer } from "../../scripts/support/start-server";
import { baseUrl, call, expectOk, makeKey, makeWorld } from "../support/world";
import { callTool, connectMcp, expectToolError, toolNames } from "../support/mcp";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

const colour = () => ({ name: "Ocean", hex: `#${randomBytes(3).toString("hex")}`, role: "accent" });
const initialize = {
  jsonrpc: "2.0",
  id: 1,
  method: "initialize",
  params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "t", version: "1" } },
};

describe("unauthenticated: 401 with WWW-Authenticate, before any MCP message", () => {
  it.each([
    ["no Authorization header", null],
    ["a malformed key", "Bearer nope"],
    ["an unknown key", `Bearer bop_${"A".repeat(40)}`],
  ])("%s", async (_, authorization) => {
    const response = await fetch(`${baseUrl()}/api/mcp`, {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        ...(authorization ? { Authorization: authorization } : {}),
      },
      body: JSON.stringify(initialize),
    });
    expect(response.status).toBe(401);
    expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
  });

  it("an expired key cannot connect with the SDK client", async () => {
    const expired = await makeKey(world.admin.email, { expiresAt: "2020-01-01T00:00:00Z" });
    await expect(connectMcp(expired.key)).rejects.toThrow(/401|invalid_token/);
  });
});

describe("pipeline errors as isError results with the API door's code, message and fields", () => {
  it("insufficient_scope: a tool hidden from the list is still checked by the pipeline", async () => {
    const key = await makeKey(world.admin.email, { scopes: "kit.read" });
    const client = await connectMcp(key.key);
    expect(await toolNames(client)).not.toContain("questions_ask");
    const error = expectToolError(
      await callTool(client, "kit_colors_add", { brand: world.brand.shortId, ...colour() }),
      "insufficient_scope",
    );
    expect(error.scope).toBe("kit.write");
    const api = await call("kit.colors.add", key.key, { brand: world.brand.shortId, ...colour() });
    expect(api.body.error).toMatchObject({ code: error.code, message: error.message, scope: error.scope });
  });

  it("forbidden: a viewer writing, and a brand the person is not a member of", async () => {
    expectToolError(
      await callTool(await connectMcp(world.viewer.key), "kit_colors_add", { brand: world.brand.shortId, ...colour() }),
      "forbidden",
    );
    const other = await makeWorld();
    const error = expectToolError(
      await callTool(await connectMcp(world.admin.key), "kit_read", { brand: other.brand.shortId }),
      "forbidden",
    );
    expect(error.field).toBe("brand");
  });

  it("invalid_input with field and issues, as the API door", async () => {
    const args = { brand: world.brand.shortId, name: "X", hex: "blue", role: "accent" };
    const error = expectToolError(
      await callTool(await connectMcp(world.admin.key), "kit_colors_add", args),
      "invalid_input",
    );
    expect(error.field).toBe("hex");
    const api = (await call("kit.colors.add", world.admin.key, args)).body.error;
    expect({ ...error, requestId: 0 }).toEqual({ ...api, requestId: 0 });
    expect(
      expectToolError(await callTool(await connectMcp(world.admin.key), "kit_read", {}), "invalid_input").field,
    ).toBe("brand");
    const unknownOp = await callTool(await connectMcp(world.admin.key), "brand_contacts_save", {
      brand: world.brand.shortId,
      op: "merge",
    });
    expect(expectToolError(unknownOp, "invalid_input").field).toBe("op");
  });

  it("not_found: a record of no brand", async () => {
    const error = expectToolError(
      await callTool(await connectMcp(world.admin.key), "library_asset_get", {
        brand: world.brand.shortId,
        assetId: randomUUID(),
      }),
      "not_found",
    );
    expect(error.field).toBe("assetId");
  });

  it("revision_conflict with currentRevision", async () => {
    const client = await connectMcp(world.admin.key);
    const { revision } = expectOk(await call("brand.overview", world.admin.key, { brand: world.brand.shortId }));
    const error = expectToolError(
      await callTool(client, "brand_profile_update", {
        brand: world.brand.shortId,
        expectedRevision: revision + 5,
        city: "Lyon",
      }),
      "revision_conflict",
    );
    expect(error.currentRevision).toBe(revision);
  });

  it("confirmation_required with summary and token for a client without elicitation", async () => {
    const error = expectToolError(
      await callTool(await connectMcp(world.admin.key), "kit_colors_add", { brand: world.brand.shortId, ...colour() }),
      "confirmation_required",
    );
    expect(error.summary).toContain("Ocean");
    expect(error.confirmationToken).toMatch(/\S{20,}/);
    expect(error.expiresAt).toBeTruthy();
  });

  it("brand_not_operational: writes to a closed brand", async () => {
    const closed = await makeWorld();
    await setBrandStatus(db(), { brand: closed.brand.shortId, status: "closed" });
    expectToolError(
      await callTool(await connectMcp(closed.admin.key), "kit_colors_add", {
        brand: closed.brand.shortId,
        ...colour(),
      }),
      "brand_not_operational",
    );
  });
});

describe("rate_limited on a server with RATE_LIMIT_PER_MINUTE=2", () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startServer({ ...inject("testEnv"), RATE_LIMIT_PER_MINUTE: "2" });
  });
  afterAll(async () => {
    await server?.stop();
  });

  it("the third call is rate_limited with retryAfterSeconds (the session's initialize is the first)", async () => {
    const key = await makeKey(world.viewer.email);
    // the SDK 1.x client opens a session: its initialize counts like any call
    const client = await connectMcp(key.key, { url: server.url });
    expect((await callTool(client, "kit_read", { brand: world.brand.shortId })).isError ?? false).toBe(false);
    const error = expectToolError(await callTool(client, "kit_read", { brand: world.brand.shortId }), "rate_limited");
    expect(error.retryAfterSeconds).toBeGreaterThanOrEqual(1);
    await client.close();
  });
});
