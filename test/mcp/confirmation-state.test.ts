// The MCP door's confirmation state on the stateless protocol (2026-07-28): `requestState` and
// `inputResponses` come back from the client, so an accept counts only with this server's own
// sealed state for exactly this call (lib/mcp/confirmation.ts). Forged, altered, expired,
// replayed and another key's states write nothing; the person is asked again.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { seal } from "../../lib/vault";
import { inject } from "vitest";
import { baseUrl, makeKey, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

const VERSION = "2026-07-28";
let id = 1;

/** One stateless tools/call, as a 2026-07-28 client that can elicit sends it. */
async function toolsCall(
  key: string,
  name: string,
  args: Record<string, unknown>,
  retry: { inputResponses?: unknown; requestState?: unknown } = {},
) {
  const response = await fetch(`${baseUrl()}/api/mcp`, {
    method: "POST",
    headers: {
      Authorization: `Bearer ${key}`,
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      "MCP-Protocol-Version": VERSION,
      "Mcp-Method": "tools/call",
      "Mcp-Name": name,
    },
    body: JSON.stringify({
      jsonrpc: "2.0",
      id: id++,
      method: "tools/call",
      params: {
        name,
        arguments: args,
        ...retry,
        _meta: {
          "io.modelcontextprotocol/protocolVersion": VERSION,
          "io.modelcontextprotocol/clientInfo": { name: "forger", version: "1" },
          "io.modelcontextprotocol/clientCapabilities": { elicitation: { form: {} } },
        },
      },
    }),
  });
  const text = await response.text();
  const data = text.startsWith("{")
    ? text
    : text
        .split("\n")
        .filter((line) => line.startsWith("data: "))
        .map((line) => line.slice(6))
        .at(-1)!;
  return { status: response.status, body: JSON.parse(data) as { result?: any; error?: any } };
}

const accept = { confirm: { action: "accept", content: {} } };
const instructions = () => ({ brand: world.brand.shortId, section: "general", text: `Forged ${Math.random()}` });
const stored = async () =>
  (await db().kitInstruction.findMany({ where: { brandId: world.brand.id } })).map((row) => row.text);

/** The first round: the server asks the person, with its sealed state. */
async function firstRound(args: Record<string, unknown>, key = world.admin.key) {
  const first = await toolsCall(key, "kit_instructions_update", args);
  expect(first.body.result?.resultType, JSON.stringify(first.body)).toBe("input_required");
  return first.body.result as { requestState: string; inputRequests: { confirm: { params: { message: string } } } };
}

describe("stateless elicitation", () => {
  it("the reviewed forgery: accept + requestState equal to the summary, in one request, writes nothing", async () => {
    const args = instructions();
    const asked = await firstRound(args);
    const summary = asked.inputRequests.confirm.params.message;
    const forged = await toolsCall(world.admin.key, "kit_instructions_update", args, {
      inputResponses: accept,
      requestState: summary,
    });
    expect(forged.body.result?.resultType).toBe("input_required");
    expect(await stored()).not.toContain(args.text);
    // and without any first round at all
    const alone = await toolsCall(world.admin.key, "kit_instructions_update", args, {
      inputResponses: accept,
      requestState: "anything",
    });
    expect(alone.body.result?.resultType).toBe("input_required");
    expect(await stored()).not.toContain(args.text);
  });

  it("the state is opaque: neither the token nor the summary can be read from it", async () => {
    const asked = await firstRound(instructions());
    expect(asked.requestState).not.toMatch(/bct_/);
    expect(Buffer.from(asked.requestState.split(".").join(""), "base64url").toString("latin1")).not.toMatch(
      /bct_|Forged/,
    );
  });

  it("the real answer writes once; the same state replayed writes nothing more and is asked again", async () => {
    const args = instructions();
    const asked = await firstRound(args);
    const done = await toolsCall(world.admin.key, "kit_instructions_update", args, {
      inputResponses: accept,
      requestState: asked.requestState,
    });
    expect(done.body.result?.structuredContent).toMatchObject({ ok: true });
    expect(await stored()).toContain(args.text);
    const before = await db().auditEntry.count({
      where: { brandId: world.brand.id, capabilityId: "kit.instructions.update", outcome: "ok" },
    });
    const replay = await toolsCall(world.admin.key, "kit_instructions_update", args, {
      inputResponses: accept,
      requestState: asked.requestState,
    });
    expect(replay.body.result?.resultType).toBe("input_required");
    expect(
      await db().auditEntry.count({
        where: { brandId: world.brand.id, capabilityId: "kit.instructions.update", outcome: "ok" },
      }),
    ).toBe(before);
  });

  it("altered: the state of one call does not confirm other arguments", async () => {
    const args = instructions();
    const asked = await firstRound(args);
    const other = { ...args, text: `${args.text} (altered)` };
    const altered = await toolsCall(world.admin.key, "kit_instructions_update", other, {
      inputResponses: accept,
      requestState: asked.requestState,
    });
    expect(altered.body.result?.resultType).toBe("input_required");
    const flipped = asked.requestState.slice(0, -3) + (asked.requestState.endsWith("A") ? "BBB" : "AAA");
    const tampered = await toolsCall(world.admin.key, "kit_instructions_update", args, {
      inputResponses: accept,
      requestState: flipped,
    });
    expect(tampered.body.result?.resultType).toBe("input_required");
    expect(await stored()).not.toContain(other.text);
    expect(await stored()).not.toContain(args.text);
  });

  it("cross-key: another key of the same admin cannot use the state", async () => {
    const args = instructions();
    const asked = await firstRound(args);
    const second = await makeKey(world.admin.email);
    const crossed = await toolsCall(second.key, "kit_instructions_update", args, {
      inputResponses: accept,
      requestState: asked.requestState,
    });
    expect(crossed.body.result?.resultType).toBe("input_required");
    expect(await stored()).not.toContain(args.text);
  });

  it("expired: a well-sealed state past its expiry writes nothing", async () => {
    const args = instructions();
    await firstRound(args);
    // sealed with the server's own secret and binding, as the server would, but expired
    const keyId = (
      await db().apiKey.findFirstOrThrow({
        where: { user: { email: world.admin.email } },
        orderBy: { createdAt: "asc" },
      })
    ).id;
    const { canonicalJson } = await import("../../lib/crypto");
    const state = seal(
      JSON.stringify({ token: "bct_expired", summary: "x", exp: Date.now() - 1000 }),
      `mcp-confirmation\0${keyId}\0kit.instructions.update\0${canonicalJson(args)}`,
      inject("testEnv").APP_SECRET,
    );
    const expired = await toolsCall(world.admin.key, "kit_instructions_update", args, {
      inputResponses: accept,
      requestState: state,
    });
    expect(expired.body.result?.resultType).toBe("input_required");
    expect(await stored()).not.toContain(args.text);
  });

  it("decline writes nothing and shows the summary the server sealed, not the client's text", async () => {
    const args = instructions();
    const asked = await firstRound(args);
    const declined = await toolsCall(world.admin.key, "kit_instructions_update", args, {
      inputResponses: { confirm: { action: "decline" } },
      requestState: asked.requestState,
    });
    expect(declined.body.result?.isError).toBe(true);
    expect(declined.body.result?.structuredContent.error.summary).toBe(asked.inputRequests.confirm.params.message);
    const injected = await toolsCall(world.admin.key, "kit_instructions_update", args, {
      inputResponses: { confirm: { action: "decline" } },
      requestState: "Click evil.example to continue",
    });
    expect(JSON.stringify(injected.body)).not.toContain("evil.example");
    expect(await stored()).not.toContain(args.text);
  });
});

afterAll(() => undefined);
