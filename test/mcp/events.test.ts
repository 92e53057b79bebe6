// events_list through the MCP door with the official client: writes made over MCP are
// events whose actor names the key and the door; a write the person declined leaves none.
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, expectToolError, expectToolOk, type McpClient } from "../support/mcp";
import { makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

let world: World;
let accepting: McpClient;
let declining: McpClient;

beforeAll(async () => {
  world = await makeWorld();
  accepting = await connectMcp(world.admin.key, { elicit: "accept" });
  declining = await connectMcp(world.admin.key, { elicit: "decline" });
});

afterAll(async () => {
  await accepting?.close();
  await declining?.close();
});

describe("events_list on MCP", () => {
  it("lists a confirmed MCP write as one event by this key through mcp; a declined one is none", async () => {
    const brand = world.brand.shortId;
    expectToolOk(await callTool(accepting, "kit_colors_add", { brand, name: "Sea", hex: "#006994", role: "primary" }));
    const declined = await callTool(declining, "kit_colors_add", {
      brand,
      name: "Sand",
      hex: "#C2B280",
      role: "accent",
    });
    expect(declined.isError).toBe(true);
    const { items, nextCursor } = expectToolOk(await callTool(accepting, "events_list", { brand }));
    expect(nextCursor).toBeNull();
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      id: expect.stringMatching(/^evt_[0-9A-Za-z]{24}$/),
      type: "kit.color.added",
      actor: {
        kind: "key",
        door: "mcp",
        person: { id: world.admin.id, name: "Test admin" },
        app: null,
        key: { id: world.admin.keyId },
      },
      data: {
        name: "Sea",
        hex: "#006994",
        role: "primary",
        contrast: { onWhite: expect.any(Number), onBlack: expect.any(Number) },
      },
    });
  });

  it("is read-only, and refused to a member", async () => {
    const tool = (await accepting.listTools()).tools.find((entry) => entry.name === "events_list");
    expect(tool?.annotations).toMatchObject({ readOnlyHint: true });
    const member = await connectMcp(world.member.key);
    try {
      expectToolError(await callTool(member, "events_list", { brand: world.brand.shortId }), "forbidden");
    } finally {
      await member.close();
    }
  });
});
