// The brand as MCP resources and prompts, with the official client per role and scope,
// and the MCP Inspector CLI as an outside client.
import { execFile } from "node:child_process";
import { mkdtempSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { ResourceListChangedNotificationSchema } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { baseUrl, call, confirmAndCall, expectOk, makeBrand, makeKey, makeWorld } from "../support/world";
import { callTool, connectMcp, expectToolOk, type McpClient } from "../support/mcp";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
let other: World;
const textOf = (content: unknown) => (content as { text: string }).text;
const uris = (shortId: string) => ["kit", "voice", "instructions"].map((part) => `brand://${shortId}/${part}`);

beforeAll(async () => {
  world = await makeWorld();
  other = await makeWorld();
  expectOk(
    await confirmAndCall("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      name: "Harbour",
      hex: "#0A4D68",
    }),
  );
  expectOk(
    await confirmAndCall("kit.instructions.update", world.admin.key, {
      brand: world.brand.shortId,
      section: "general",
      text: "Leave room | around the logo.",
    }),
  );
});

async function listedUris(client: McpClient): Promise<string[]> {
  return (await client.listResources()).resources.map((resource) => resource.uri);
}

async function readError(client: McpClient, uri: string): Promise<{ code: number; message: string }> {
  const error = await client.readResource({ uri }).then(
    () => undefined,
    (thrown: { code: number; message: string }) => thrown,
  );
  expect(error, `${uri} was readable`).toBeDefined();
  // the brand's name or id is never in the answer: the message names the URI asked, nothing found
  return { code: error!.code, message: error!.message.replace(uri, "<uri>") };
}

describe("resources/list: one kit, voice and instructions per brand the caller may read", () => {
  it.each(["viewer", "member", "admin"] as const)(
    "a %s lists its brand's three resources and not another brand's",
    async (role) => {
      const client = await connectMcp(world[role].key);
      const listed = await listedUris(client);
      expect(listed).toEqual(expect.arrayContaining(uris(world.brand.shortId)));
      expect(listed.filter((uri) => uri.includes(other.brand.shortId))).toEqual([]);
      const kit = (await client.listResources()).resources.find((resource) =>
        resource.uri.endsWith(`${world.brand.shortId}/kit`),
      )!;
      expect(kit).toMatchObject({ mimeType: "application/json", title: "Test Brand: brand kit" });
      await client.close();
    },
  );

  it("the MCP Apps views are still listed and read beside them", async () => {
    const client = await connectMcp(world.viewer.key);
    const listed = await listedUris(client);
    expect(listed).toContain("ui://brand-operations/palette");
    const view = await client.readResource({ uri: "ui://brand-operations/palette" });
    expect(view.contents[0]!.mimeType).toBe("text/html;profile=mcp-app");
    await client.close();
  });

  it("a key without kit.read lists the voice but neither the kit nor the instructions, and cannot read them", async () => {
    const key = await makeKey(world.viewer.email, { scopes: "brand.read" });
    const client = await connectMcp(key.key);
    const listed = await listedUris(client);
    const [kit, voice, instructions] = uris(world.brand.shortId);
    expect(listed).toContain(voice);
    expect(listed).not.toContain(kit);
    expect(listed).not.toContain(instructions);
    expect(await readError(client, kit!)).toEqual(await readError(client, "brand://nosuchbrand/kit"));
    await client.close();
  });

  it("a key limited to another brand lists nothing of this one", async () => {
    const mine = await makeBrand();
    const key = await makeKey(world.admin.email, { brands: mine.shortId });
    const client = await connectMcp(key.key);
    expect((await listedUris(client)).filter((uri) => uri.startsWith("brand://"))).toEqual([]);
    await client.close();
  });

  it("the resource templates name the three URIs", async () => {
    const client = await connectMcp(world.viewer.key);
    const templates = (await client.listResourceTemplates()).resourceTemplates.map((template) => template.uriTemplate);
    expect(templates).toEqual(
      expect.arrayContaining(["brand://{shortId}/kit", "brand://{shortId}/voice", "brand://{shortId}/instructions"]),
    );
    await client.close();
  });
});

describe("resources/read: JSON through the capability, then Markdown", () => {
  it("the kit reads as kit.read's data and as a Markdown table", async () => {
    const client = await connectMcp(world.viewer.key);
    const [kitUri] = uris(world.brand.shortId);
    const { contents } = await client.readResource({ uri: kitUri! });
    expect(contents.map((content) => content.mimeType)).toEqual(["application/json", "text/markdown"]);
    const api = expectOk(
      await call("kit.read", world.viewer.key, {
        brand: world.brand.shortId,
        parts: ["colors", "typography", "logos"],
      }),
    );
    expect(JSON.parse(textOf(contents[0]!))).toEqual(api);
    expect(textOf(contents[1]!)).toContain("| Harbour | #0A4D68 | ");
    await client.close();
  });

  it("the voice reads as brand.soul.read's data; the instructions as kit.read's, the cell-breaking | escaped in neither", async () => {
    const client = await connectMcp(world.member.key);
    const [, voiceUri, instructionsUri] = uris(world.brand.shortId);
    const voice = await client.readResource({ uri: voiceUri! });
    expect(JSON.parse(textOf(voice.contents[0]!))).toEqual(
      expectOk(await call("brand.soul.read", world.member.key, { brand: world.brand.shortId })),
    );
    expect(textOf(voice.contents[1]!)).toMatch(/^# Test Brand: brand voice/);
    const instructions = await client.readResource({ uri: instructionsUri! });
    expect(JSON.parse(textOf(instructions.contents[0]!))).toEqual({
      instructions: { general: "Leave room | around the logo." },
    });
    expect(textOf(instructions.contents[1]!)).toContain("## General\n\nLeave room | around the logo.");
    await client.close();
  });

  it("another brand's URIs answer exactly as a brand that does not exist (no oracle)", async () => {
    const client = await connectMcp(world.admin.key);
    // the SDK's ResourceNotFoundError (its code is the SDK's, -32602 on this protocol revision)
    expect((await readError(client, "brand://nosuchbrand/kit")).message).toMatch(/not found/i);
    for (const [index, uri] of uris(other.brand.shortId).entries()) {
      const part = ["kit", "voice", "instructions"][index];
      expect(await readError(client, uri)).toEqual(await readError(client, `brand://nosuchbrand/${part}`));
    }
    await client.close();
  });
});

describe("prompts: they embed the brand's resources", () => {
  it("prompts/list offers the post, the review and the brief", async () => {
    const client = await connectMcp(world.viewer.key);
    const { prompts } = await client.listPrompts();
    expect(prompts.map((prompt) => prompt.name).sort()).toEqual([
      "on_brand_post",
      "review_file_against_kit",
      "voice_brief",
    ]);
    const post = prompts.find((prompt) => prompt.name === "on_brand_post")!;
    expect(post.arguments?.map((argument) => argument.name)).toEqual(["brand", "channel", "topic"]);
    await client.close();
  });

  it("prompts/get on_brand_post embeds the voice and the instructions as resources, then asks for the post", async () => {
    const client = await connectMcp(world.viewer.key);
    const { messages } = await client.getPrompt({
      name: "on_brand_post",
      arguments: { brand: world.brand.shortId, channel: "instagram", topic: "the spring opening" },
    });
    const embedded = messages.flatMap((message) =>
      message.content.type === "resource" ? [message.content.resource] : [],
    );
    expect(embedded.map((resource) => resource.uri)).toEqual(uris(world.brand.shortId).slice(1));
    expect(embedded[1]).toMatchObject({ mimeType: "text/markdown" });
    expect((embedded[1] as { text: string }).text).toContain("Leave room | around the logo.");
    expect(messages.at(-1)!.content).toMatchObject({ type: "text", text: expect.stringContaining("instagram post") });
    await client.close();
  });

  it("review_file_against_kit embeds the kit; a key without kit.read is told so instead of getting it", async () => {
    const client = await connectMcp(world.viewer.key);
    const assetId = "00000000-0000-4000-8000-000000000000";
    const review = await client.getPrompt({
      name: "review_file_against_kit",
      arguments: { brand: world.brand.shortId, assetId },
    });
    expect(review.messages[0]!.content).toMatchObject({
      type: "resource",
      resource: { uri: uris(world.brand.shortId)[0] },
    });
    await client.close();
    const key = await makeKey(world.viewer.email, { scopes: "brand.read" });
    const narrow = await connectMcp(key.key);
    const brief = await narrow.getPrompt({ name: "voice_brief", arguments: { brand: world.brand.shortId } });
    expect(brief.messages[0]!.content).toMatchObject({
      type: "resource",
      resource: { uri: uris(world.brand.shortId)[1] },
    });
    // neither the kit nor the instructions: refused as a brand that does not exist
    const refused = (brand: string) =>
      narrow.getPrompt({ name: "review_file_against_kit", arguments: { brand, assetId } }).then(
        () => "answered",
        (error: Error) => error.message.replace(brand, "<brand>"),
      );
    expect(await refused(world.brand.shortId)).toEqual(await refused("nosuchbrand"));
    await narrow.close();
  });

  it("another brand's prompt is refused in the words of a brand that does not exist", async () => {
    const client = await connectMcp(world.admin.key);
    const refused = (brand: string) =>
      client.getPrompt({ name: "voice_brief", arguments: { brand } }).then(
        () => "answered",
        (error: Error) => error.message.replace(brand, "<brand>"),
      );
    const nothing = await refused("nosuchbrand");
    expect(nothing).toContain("no brand");
    expect(await refused(other.brand.shortId)).toEqual(nothing);
    await client.close();
  });
});

describe("notifications/resources/list_changed", () => {
  it("a session whose calls stream hears it after a kit write made through the door; a JSON session is answered all the same", async () => {
    const client = await connectMcp(world.admin.key, { elicit: "accept" });
    const heard: unknown[] = [];
    client.setNotificationHandler(
      ResourceListChangedNotificationSchema,
      (notification) => void heard.push(notification),
    );
    expect(client.getServerCapabilities()?.resources?.listChanged).toBe(true);
    expectToolOk(
      await callTool(client, "kit_colors_add", { brand: world.brand.shortId, name: "Sand", hex: "#E8D8B0" }),
    );
    await expect.poll(() => heard.length).toBeGreaterThan(0);
    await client.close();
    // no elicitation declared: answers are JSON bodies, which carry no notification, and the write still lands
    const plain = await connectMcp(world.admin.key);
    const reads = await callTool(plain, "kit_read", { brand: world.brand.shortId, parts: ["colors"] });
    expect(expectToolOk(reads).colors.map((color: { name: string }) => color.name)).toContain("Sand");
    await plain.close();
  });
});

describe("MCP Inspector CLI: resources and prompts from an outside client", () => {
  const run = promisify(execFile);
  const inspector = (args: string[]) =>
    run(
      "npx",
      [
        "@modelcontextprotocol/inspector",
        "--cli",
        `${baseUrl()}/api/mcp`,
        "--transport",
        "http",
        "--header",
        `Authorization: Bearer ${world.viewer.key}`,
        ...args,
      ],
      {
        env: {
          ...process.env,
          MCP_CATALOG_PATH: path.join(mkdtempSync(path.join(tmpdir(), "inspector-")), "mcp.json"),
        },
        timeout: 60_000,
      },
    );

  it("resources/list, resources/read, prompts/list and prompts/get", async () => {
    const listed = JSON.parse((await inspector(["--method", "resources/list"])).stdout);
    expect(listed.resources.map((resource: { uri: string }) => resource.uri)).toEqual(
      expect.arrayContaining(uris(world.brand.shortId)),
    );
    const read = JSON.parse(
      (await inspector(["--method", "resources/read", "--uri", uris(world.brand.shortId)[0]!])).stdout,
    );
    expect(read.contents[1].text).toContain("Harbour");
    const prompts = JSON.parse((await inspector(["--method", "prompts/list"])).stdout);
    expect(prompts.prompts.length).toBe(3);
    const got = JSON.parse(
      (
        await inspector([
          "--method",
          "prompts/get",
          "--prompt-name",
          "voice_brief",
          "--prompt-args",
          `brand=${world.brand.shortId}`,
        ])
      ).stdout,
    );
    expect(got.messages[0].content.resource.uri).toBe(uris(world.brand.shortId)[1]);
  }, 180_000);
});
