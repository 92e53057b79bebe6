// activity.list (an addition to the specification's table, versioning rule 2): the brand's audit
// trail as a read capability, over the API and MCP doors, with writes made through the API, MCP
// (official client) and a person's session (the Assistant door's run route).
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { callTool, connectMcp, expectToolOk, type McpClient } from "../support/mcp";
import { baseUrl, call, confirmAndCall, expectError, expectOk, makeKey, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
type Entry = {
  id: string;
  at: string;
  title: string;
  capabilityId: string;
  door: string;
  person: string | null;
  key: string | null;
  status: string;
  code: string | null;
  summary: string | null;
};

let world: World;
let mcp: McpClient;

const list = (key: string, input: Record<string, unknown> = {}) =>
  call("activity.list", key, { brand: world.brand.shortId, ...input });

beforeAll(async () => {
  world = await makeWorld();
  // through the API: a confirmed colour (with its summary), then a viewer's refused attempt
  expectOk(
    await confirmAndCall("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      name: "Teal",
      hex: "#008080",
    }),
  );
  expectError(
    await call("kit.colors.add", world.viewer.key, { brand: world.brand.shortId, name: "Nope", hex: "#111111" }),
    403,
    "forbidden",
  );
  // through MCP, with the official client: a member asks a question
  mcp = await connectMcp(world.member.key);
  expectToolOk(
    await callTool(mcp, "questions_ask", {
      brand: world.brand.shortId,
      questions: [{ key: "tone", question: "Which tone do we use?", scope: "brand_kit", options: ["Warm", "Formal"] }],
    }),
  );
});

afterAll(async () => {
  await mcp?.close();
});

describe("activity.list", () => {
  it("admins see every write, newest first: door, person, key, what changed, and refusals with their code", async () => {
    const { items } = expectOk(await list(world.admin.key)) as { items: Entry[] };
    expect(items.map((entry) => [entry.capabilityId, entry.door, entry.status])).toEqual([
      ["questions.ask", "mcp", "done"],
      ["kit.colors.add", "api", "refused"],
      ["kit.colors.add", "api", "done"],
    ]);
    const [asked, refused, added] = items as [Entry, Entry, Entry];
    expect(asked).toMatchObject({
      title: expect.any(String),
      person: "Test member",
      key: expect.stringMatching(/…\)?$/),
    });
    expect(refused).toMatchObject({
      person: "Test viewer",
      code: "forbidden",
      summary: expect.stringMatching(/admin/i),
    });
    expect(added).toMatchObject({ person: "Test admin", code: null, summary: expect.stringContaining("#008080") });
    // what a person confirmed, never the token that confirmed it
    expect(JSON.stringify(items)).not.toMatch(/bct_|bk_/);
  });

  it("is for the brand's admins: a member or a viewer is refused, naming the role", async () => {
    for (const who of [world.member, world.viewer]) {
      const refused = expectError(await list(who.key), 403, "forbidden");
      expect(refused.message).toMatch(/admin/i);
    }
  });

  it("says what every write did, and links a file it touched", async () => {
    const other = await makeWorld();
    const brand = other.brand.shortId;
    const bytes = new TextEncoder().encode("hello activity");
    const started = expectOk(
      await call("library.upload.create", other.admin.key, {
        brand,
        step: "start",
        fileName: "notes.txt",
        mimeType: "text/plain",
        sizeBytes: bytes.length,
        category: "other",
      }),
    ) as { uploadId: string; uploadUrl: string };
    expect(
      (await fetch(started.uploadUrl, { method: "PUT", headers: { "Content-Type": "text/plain" }, body: bytes }))
        .status,
    ).toBe(200);
    const done = expectOk(
      await call("library.upload.create", other.admin.key, { brand, step: "complete", uploadId: started.uploadId }),
    ) as { assetId: string };
    expectOk(
      await confirmAndCall("library.asset.review", other.admin.key, {
        brand,
        assetId: done.assetId,
        decision: "approve",
      }),
    );
    const { items } = expectOk(await call("activity.list", other.admin.key, { brand })) as {
      items: (Entry & { target: unknown })[];
    };
    expect(items.map((entry) => [entry.capabilityId, entry.summary, entry.target])).toEqual([
      [
        "library.asset.review",
        'Approve the file "notes.txt" so agents may use and publish it.',
        { kind: "asset", id: done.assetId },
      ],
      [
        "library.upload.create",
        'Add the file "notes.txt" to the library, proposed for review.',
        { kind: "asset", id: done.assetId },
      ],
      ["library.upload.create", `Start uploading "notes.txt" (${bytes.length} bytes).`, null],
    ]);
    // the question asked in setup, in words
    const asked = (expectOk(await list(world.admin.key, { capabilityId: "questions.ask" })) as { items: Entry[] })
      .items;
    expect(asked[0]!.summary).toBe('Ask the question "Which tone do we use?".');
  });

  it("filters by door, capability, person, outcome and time", async () => {
    const only = async (input: Record<string, unknown>) =>
      (expectOk(await list(world.admin.key, input)) as { items: Entry[] }).items.map(
        (entry) => `${entry.capabilityId}/${entry.status}`,
      );
    expect(await only({ door: "mcp" })).toEqual(["questions.ask/done"]);
    expect(await only({ door: "assistant" })).toEqual([]);
    expect(await only({ capabilityId: "KIT.COLORS.ADD" })).toEqual(["kit.colors.add/refused", "kit.colors.add/done"]);
    expect(await only({ person: world.viewer.email.toUpperCase() })).toEqual(["kit.colors.add/refused"]);
    expect(await only({ person: "nobody@example.com" })).toEqual([]);
    expect(await only({ outcome: "refused" })).toEqual(["kit.colors.add/refused"]);
    expect(await only({ since: new Date(Date.now() + 60_000).toISOString() })).toEqual([]);
    expect(await only({ until: new Date(Date.now() - 3600_000).toISOString() })).toEqual([]);
  });

  it("pages with the keyset cursor; a cursor not made by the server is 422 cursor", async () => {
    const first = expectOk(await list(world.admin.key, { limit: 2 })) as { items: Entry[]; nextCursor: string };
    expect(first.items).toHaveLength(2);
    expect(first.nextCursor).toEqual(expect.any(String));
    const second = expectOk(await list(world.admin.key, { limit: 2, cursor: first.nextCursor })) as {
      items: Entry[];
      nextCursor: string | null;
    };
    expect(second.items.map((entry) => entry.id)).toEqual([expect.any(String)]);
    expect(second.nextCursor).toBeNull();
    expect(new Set([...first.items, ...second.items].map((entry) => entry.id)).size).toBe(3);
    expect(expectError(await list(world.admin.key, { cursor: "forged" }), 422, "invalid_input").field).toBe("cursor");
  });

  it("needs the activity.read scope, a role in the brand, and a known door", async () => {
    const narrow = await makeKey(world.admin.email, { scopes: "kit.read" });
    expect(expectError(await list(narrow.key), 403, "insufficient_scope").scope).toBe("activity.read");
    const other = await makeWorld();
    expectError(await call("activity.list", other.admin.key, { brand: world.brand.shortId }), 403, "forbidden");
    expect(expectError(await list(world.admin.key, { door: "fax" }), 422, "invalid_input").field).toBe("door");
  });

  it("is an MCP tool too, with the same answer as the API door", async () => {
    const admin = await connectMcp(world.admin.key);
    try {
      const result = expectToolOk(await callTool(admin, "activity_list", { brand: world.brand.shortId, door: "mcp" }));
      expect(result).toEqual(expectOk(await list(world.admin.key, { door: "mcp" })));
    } finally {
      await admin.close();
    }
  });

  it("writes of the person's session are recorded with the assistant door", async () => {
    const { makeChatWorld, run } = await import("../assistant/support");
    const chat = await makeChatWorld(baseUrl());
    // the Assistant door's slash command: a read (not activity) and a write
    expect((await run(baseUrl(), chat.admin, "brand.contacts.list", chat.brand.shortId)).body.status).toBe("ok");
    expect(
      (
        await run(baseUrl(), chat.admin, "questions.ask", chat.brand.shortId, {
          questions: [
            { key: "audience", question: "Who do we speak to?", scope: "genome", options: ["Locals", "Tourists"] },
          ],
        })
      ).body.status,
    ).toBe("ok");
    const key = await makeKey(chat.admin.email);
    const { items } = expectOk(await call("activity.list", key.key, { brand: chat.brand.shortId })) as {
      items: Entry[];
    };
    expect(items.map((entry) => [entry.capabilityId, entry.door, entry.person, entry.key])).toEqual([
      ["questions.ask", "assistant", "Chat admin", null],
    ]);
  });
});
