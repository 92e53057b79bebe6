// Confirmation on the MCP door (docs/design.md, confirmation): elicitation where the client supports it, the
// token never leaving the server; otherwise the API door's confirmation_required and its token.
import { randomBytes } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectOk, makeWorld } from "../support/world";
import { callTool, connectMcp, expectToolError, expectToolOk } from "../support/mcp";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

const colour = () => ({
  name: `Tone ${randomBytes(2).toString("hex")}`,
  hex: `#${randomBytes(3).toString("hex")}`,
  role: "accent",
});
const kitColours = async () =>
  (expectOk(await call("kit.read", world.admin.key, { brand: world.brand.shortId })).colors as { name: string }[]).map(
    (c) => c.name,
  );

describe("through elicitation", () => {
  it("accept: the person sees the summary, the write happens, no token reaches the client", async () => {
    const client = await connectMcp(world.admin.key, { elicit: "accept" });
    const input = colour();
    const result = await callTool(client, "kit_colors_add", { brand: world.brand.shortId, ...input });
    expect(expectToolOk(result).ok).toBe(true);
    expect(client.elicited).toHaveLength(1);
    expect(client.elicited[0]!.message).toContain(input.name);
    expect(JSON.stringify(result)).not.toMatch(/confirmationToken|bct_/);
    expect(await kitColours()).toContain(input.name);
  });

  it.each(["decline", "cancel"] as const)("%s: nothing is written, and no token is shown", async (answer) => {
    const client = await connectMcp(world.admin.key, { elicit: answer });
    const input = colour();
    const result = await callTool(client, "kit_colors_add", { brand: world.brand.shortId, ...input });
    const error = expectToolError(result, "confirmation_required");
    expect(error.confirmationToken).toBeUndefined();
    expect(error.summary).toContain(input.name);
    expect(client.elicited).toHaveLength(1);
    expect(await kitColours()).not.toContain(input.name);
  });

  it("a call that must fail is not put to the person (read-only checks first)", async () => {
    const client = await connectMcp(world.admin.key, { elicit: "accept" });
    const error = expectToolError(
      await callTool(client, "kit_colors_add", {
        brand: world.brand.shortId,
        name: "Bad",
        hex: "nope",
        role: "accent",
      }),
      "invalid_input",
    );
    expect(error.field).toBe("hex");
    expect(client.elicited).toHaveLength(0);
  });
});

describe("without elicitation: the token fallback", () => {
  it("the first call returns confirmation_required with summary and token; the same call with confirmationToken runs it", async () => {
    const client = await connectMcp(world.admin.key);
    const input = { brand: world.brand.shortId, ...colour() };
    const error = expectToolError(await callTool(client, "kit_colors_add", input), "confirmation_required");
    expect(await kitColours()).not.toContain(input.name);
    expect(
      expectToolOk(await callTool(client, "kit_colors_add", { ...input, confirmationToken: error.confirmationToken }))
        .ok,
    ).toBe(true);
    expect(await kitColours()).toContain(input.name);
  });

  it("the text alone is enough: it carries the summary, the token and how to retry (hosts showing the model only text)", async () => {
    const client = await connectMcp(world.admin.key);
    const input = { brand: world.brand.shortId, ...colour() };
    const result = await callTool(client, "kit_colors_add", input);
    const error = expectToolError(result, "confirmation_required");
    const text = result.content[0]!.text!;
    expect(text).toContain(error.summary);
    expect(text).toContain("same arguments");
    const token = /"confirmationToken": "([^"]+)"/.exec(text)?.[1];
    expect(token, text).toBe(error.confirmationToken);
    expect(expectToolOk(await callTool(client, "kit_colors_add", { ...input, confirmationToken: token })).ok).toBe(
      true,
    );
    expect(await kitColours()).toContain(input.name);
  });

  it("a token for another input is refused with a new confirmation_required", async () => {
    const client = await connectMcp(world.admin.key);
    const first = expectToolError(
      await callTool(client, "kit_colors_add", { brand: world.brand.shortId, ...colour() }),
      "confirmation_required",
    );
    const other = { brand: world.brand.shortId, ...colour() };
    const again = expectToolError(
      await callTool(client, "kit_colors_add", { ...other, confirmationToken: first.confirmationToken }),
      "confirmation_required",
    );
    expect(again.confirmationToken).not.toBe(first.confirmationToken);
    expect(await kitColours()).not.toContain(other.name);
  });
});
