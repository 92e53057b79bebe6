// MCP Apps over the wire (lib/mcp/apps.ts, lib/mcp/views.ts, lib/mcp/decide.ts) with the official
// client: what a host that declares the extension sees, what every other client keeps seeing, and
// the confirmation held server-side (bound to the caller, single-use, expiring, declinable). The
// views rendered in Chromium by an AppBridge host are e2e/mcp-apps.test.ts.
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { db } from "../../lib/db/client";
import { decidePending } from "../../lib/doors/assistant";
import { baseUrl, call, expectOk, makeKey, makeWorld } from "../support/world";

const UI = { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } };
const PENDING = "brand-operations/pending";
type Result = {
  isError?: boolean;
  structuredContent?: any;
  content: { type: string; text?: string }[];
  _meta?: Record<string, any>;
};

async function connect(key: string, views: boolean) {
  const client = new Client(
    { name: views ? "apps-host" : "plain-client", version: "1.0.0" },
    { capabilities: views ? ({ extensions: UI } as never) : {} },
  );
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${key}` } },
    }),
  );
  clients.push(client);
  return client;
}
const clients: Client[] = [];
const seenByModel: unknown[] = [];
async function tool(client: Client, name: string, args: Record<string, unknown>): Promise<Result> {
  const result = (await client.callTool({ name, arguments: args })) as Result;
  // everything a model could be shown: the text and the structured content, never `_meta`
  if (name !== "confirmation_decide") seenByModel.push(result.content, result.structuredContent);
  return result;
}

let world: Awaited<ReturnType<typeof makeWorld>>;
let host: Client;
let plain: Client;
beforeAll(async () => {
  world = await makeWorld();
  host = await connect(world.admin.key, true);
  plain = await connect(world.admin.key, false);
});
afterAll(async () => {
  await Promise.all(clients.map((client) => client.close()));
});

const hex = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")
    .toUpperCase()}`;
const colorsNamed = (hexValue: string) => db().kitColor.count({ where: { brandId: world.brand.id, hex: hexValue } });

describe("MCP Apps: what hosts see", () => {
  it("a host that declares the extension sees each widget's view and the app-only decision tool; others see today's tools", async () => {
    const withViews = (await host.listTools()).tools;
    const kitRead = withViews.find((t) => t.name === "kit_read")!;
    expect(kitRead._meta).toEqual({
      ui: { resourceUri: "ui://brand-operations/palette" },
      "ui/resourceUri": "ui://brand-operations/palette",
    });
    expect(withViews.find((t) => t.name === "library_search")?._meta?.ui).toEqual({
      resourceUri: "ui://brand-operations/carousel",
    });
    expect(withViews.find((t) => t.name === "confirmation_decide")?._meta).toEqual({ ui: { visibility: ["app"] } });
    const without = (await plain.listTools()).tools;
    expect(without.some((t) => t._meta !== undefined)).toBe(false);
    expect(without.map((t) => t.name)).not.toContain("confirmation_decide");
    expect(without.map((t) => t.name).sort()).toEqual(
      withViews
        .map((t) => t.name)
        .filter((name) => name !== "confirmation_decide")
        .sort(),
    );
  });

  it("serves one self-contained view per widget name, reaching out only for images where the files are", async () => {
    const { resources } = await host.listResources();
    // the views only: the brand's own resources (brand://…) are test/mcp/resources-prompts.test.ts's
    const uris = resources
      .map((r) => r.uri)
      .filter((uri) => uri.startsWith("ui://"))
      .sort();
    // the widgets of the capabilities served on MCP (file_request's upload is the API's and the chat's)
    expect(uris).toEqual(
      [
        "action_link",
        "carousel",
        "check",
        "choice",
        "confirm",
        "genome",
        "list",
        "memory",
        "palette",
        "record",
        "review",
        "team",
      ].map((w) => `ui://brand-operations/${w}`),
    );
    for (const uri of uris) {
      const { contents } = await host.readResource({ uri });
      const [page] = contents as { uri: string; mimeType: string; text: string; _meta?: any }[];
      expect(page!.mimeType).toBe("text/html;profile=mcp-app");
      // nothing loaded from elsewhere: no src= or href= and no @import; the bundle is inline
      expect(page!.text).not.toMatch(/<script[^>]+src=|<link[^>]+href=|@import/i);
      expect(page!.text).toContain(`"widget":"${uri.split("/").pop()}"`);
      // where the suite's server keeps files: itself, or the S3 endpoint (distributed profile)
      const files = inject("testEnv").S3_ENDPOINT || baseUrl();
      expect(page!._meta.ui.csp).toEqual({ resourceDomains: [new URL(files).origin] });
    }
  });

  it("gives the model a sentence and the view the data", async () => {
    const viewed = await tool(host, "kit_read", { brand: world.brand.shortId });
    expect(viewed.isError ?? false).toBe(false);
    expect(viewed.structuredContent).toHaveProperty("colors");
    expect(viewed._meta?.["brand-operations/capability"]).toBe("kit.read"); // for hosts that do not say which tool a view renders
    expect(viewed.content).toEqual([
      { type: "text", text: expect.stringMatching(/^Read .*: \d+ colors.*palette view\.$/) },
    ]);
    // a plain client keeps today's JSON text
    const plainResult = await tool(plain, "kit_read", { brand: world.brand.shortId });
    expect(JSON.parse(plainResult.content[0]!.text!)).toEqual(plainResult.structuredContent);
  });
});

describe("MCP Apps: confirmation in the view", () => {
  it("parks the write with its handle in _meta only; Confirm writes once; a replay and another key write nothing", async () => {
    const value = hex();
    const proposed = await tool(host, "kit_colors_add", {
      brand: world.brand.shortId,
      name: "View Teal",
      hex: value,
      role: "accent",
    });
    expect(proposed.isError).toBe(true);
    expect(proposed.structuredContent?.error?.code, JSON.stringify(proposed)).toBe("confirmation_required");
    expect(proposed.structuredContent.error.summary).toContain(value);
    expect(proposed.structuredContent.error).not.toHaveProperty("confirmationToken");
    const handle = proposed._meta?.[PENDING]?.pendingId as string;
    expect(handle).toMatch(/^[A-Za-z0-9]{32}$/);
    expect(await colorsNamed(value)).toBe(0);

    // another key of another person, and another key of the same person: the handle is unknown to them
    const stranger = await connect(world.member.key, true);
    const strangerTry = (await stranger.callTool({
      name: "confirmation_decide",
      arguments: { pendingId: handle, decision: "confirm" },
    })) as Result;
    expect(strangerTry.structuredContent.error.code).toBe("not_found");
    const secondKey = await makeKey(world.admin.email);
    const samePerson = await connect(secondKey.key, true);
    const sameTry = (await samePerson.callTool({
      name: "confirmation_decide",
      arguments: { pendingId: handle, decision: "confirm" },
    })) as Result;
    expect(sameTry.structuredContent.error.code).toBe("not_found");
    // nor can the person's chat session decide it (what the Assistant's route calls)
    await expect(decidePending(world.admin.id, handle, "confirm", "test")).rejects.toMatchObject({ code: "not_found" });
    expect(await colorsNamed(value)).toBe(0);

    const confirmed = await tool(host, "confirmation_decide", { pendingId: handle, decision: "confirm" });
    expect(confirmed.structuredContent.outcome).toMatchObject({ status: "ok", capabilityId: "kit.colors.add" });
    const replayed = await tool(host, "confirmation_decide", { pendingId: handle, decision: "confirm" });
    expect(replayed.structuredContent.outcome.status).toBe("ok"); // the stored outcome, not a second run
    expect(await colorsNamed(value)).toBe(1);
    const read = expectOk(await call("kit.read", world.admin.key, { brand: world.brand.shortId, parts: ["colors"] }));
    expect(read.colors.filter((c: { hex: string }) => c.hex === value)).toHaveLength(1);
    const audit = await db().auditEntry.findMany({
      where: { capabilityId: "kit.colors.add", userId: world.admin.id, outcome: "ok", door: "mcp" },
      orderBy: { at: "desc" },
      take: 1,
    });
    expect(audit[0]?.apiKeyId).toBe(world.admin.keyId);
  });

  it("Cancel writes nothing and says so; an expired handle writes nothing", async () => {
    const declinedHex = hex();
    const proposed = await tool(host, "kit_colors_add", {
      brand: world.brand.shortId,
      name: "No Thanks",
      hex: declinedHex,
      role: "accent",
    });
    const cancelled = await tool(host, "confirmation_decide", {
      pendingId: proposed._meta![PENDING].pendingId,
      decision: "cancel",
    });
    expect(cancelled.structuredContent.outcome).toMatchObject({
      status: "declined",
      summary: expect.stringContaining(declinedHex),
    });
    const after = await tool(host, "confirmation_decide", {
      pendingId: proposed._meta![PENDING].pendingId,
      decision: "confirm",
    });
    expect(after.structuredContent.outcome.status).toBe("declined");
    expect(await colorsNamed(declinedHex)).toBe(0);

    const lateHex = hex();
    const late = await tool(host, "kit_colors_add", {
      brand: world.brand.shortId,
      name: "Too Late",
      hex: lateHex,
      role: "accent",
    });
    const lateId = late._meta![PENDING].pendingId as string;
    await db().pendingCall.update({ where: { id: lateId }, data: { expiresAt: new Date(Date.now() - 1000) } });
    const expired = await tool(host, "confirmation_decide", { pendingId: lateId, decision: "confirm" });
    expect(expired.structuredContent.outcome).toMatchObject({
      status: "error",
      error: { code: "confirmation_required", reason: "expired" },
    });
    expect(await colorsNamed(lateHex)).toBe(0);
  });

  it("bad decisions get the field named", async () => {
    const noId = (await host.callTool({ name: "confirmation_decide", arguments: { decision: "confirm" } })) as Result;
    expect(noId.structuredContent.error).toMatchObject({ code: "invalid_input", field: "pendingId" });
    const odd = (await host.callTool({
      name: "confirmation_decide",
      arguments: { pendingId: "x", decision: "maybe" },
    })) as Result;
    expect(odd.structuredContent.error).toMatchObject({ code: "invalid_input", field: "decision" });
  });

  it("nothing the model could see over the run holds a token or a handle", async () => {
    const handles = (await db().pendingCall.findMany({ where: { door: "mcp" }, select: { id: true } })).map(
      (row) => row.id,
    );
    expect(handles.length).toBeGreaterThanOrEqual(3);
    const seen = JSON.stringify(seenByModel);
    for (const handle of handles) expect(seen).not.toContain(handle);
    expect(seen).not.toMatch(/bct_[A-Za-z0-9]{8,}/);
    expect(seen).toContain("confirmation_required"); // the proposals were seen, without their token
  });
});
