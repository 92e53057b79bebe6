// The MCP door's quick path (lib/mcp/quick.ts, exchange.ts): `npm start` answers a plain stateless
// request of either era on instances connected once. It must answer exactly as the door does. The
// door is reached with the same request plus an Origin the door admits (a browser page's request
// never takes the quick path), so each case is asked both ways and the responses compared whole.
// The quick path answers as one JSON body; the door (the SDK's handler) may answer on an event
// stream, as Streamable HTTP allows: what is compared is the JSON-RPC response either carries.
import { describe, expect, it, beforeAll, inject } from "vitest";
import { ANSWER_TYPES, responseOf, responseText } from "../support/mcp-answer";
import { baseUrl, makeWorld } from "../support/world";

// with the fast path off (the mcp-sdk-only project) the SDK answers both asks
const fastPath = inject("testEnv").MCP_FAST_PATH !== "off";

let world: Awaited<ReturnType<typeof makeWorld>>;
beforeAll(async () => {
  world = await makeWorld();
});

const MODERN = "2026-07-28";
type Era = "2025" | "2026";
const envelope = {
  "io.modelcontextprotocol/protocolVersion": MODERN,
  "io.modelcontextprotocol/clientInfo": { name: "quick-path-test", version: "1" },
  "io.modelcontextprotocol/clientCapabilities": {},
};

/** A stateless request of `era`: tools/call of `tool` with `args`, or another method. */
function request(era: Era, key: string, method: string, params: Record<string, unknown> = {}, id: number | string = 1) {
  const headers: Record<string, string> = {
    "Content-Type": "application/json",
    Accept: "application/json, text/event-stream",
    Authorization: `Bearer ${key}`,
  };
  if (era === "2025") return { headers, body: { jsonrpc: "2.0", id, method, params } };
  Object.assign(headers, {
    "MCP-Protocol-Version": MODERN,
    "Mcp-Method": method,
    ...(typeof params.name === "string" ? { "Mcp-Name": params.name } : {}),
  });
  return { headers, body: { jsonrpc: "2.0", id, method, params: { ...params, _meta: envelope } } };
}

// what differs between two asks of the same call: request ids, confirmation tokens, their expiry
const ids = (text: string) =>
  text
    .replace(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/gi, "<id>")
    .replace(/bct_[0-9A-Za-z]+/g, "<token>")
    .replace(/\d{4}-\d\d-\d\dT[\d:.]+Z/g, "<time>");

async function send({ headers, body }: ReturnType<typeof request>, extra: Record<string, string> = {}) {
  const response = await fetch(`${baseUrl()}/api/mcp`, {
    method: "POST",
    headers: { ...headers, ...extra },
    body: JSON.stringify(body),
  });
  const type = response.headers.get("content-type");
  const text = ids(await response.text());
  return {
    status: response.status,
    type,
    vary: response.headers.get("vary"),
    text,
    message: () => responseText(type, text),
  };
}

/** The quick path's answer and the door's, for the same request. */
async function bothWays(sent: ReturnType<typeof request>) {
  const quick = await send(sent);
  const door = await send(sent, { Origin: new URL(baseUrl()).origin });
  return { quick, door };
}

describe("the MCP quick path answers as the door does", () => {
  const cases: [string, (era: Era) => ReturnType<typeof request>][] = [
    [
      "kit_read",
      (era) =>
        request(era, world.viewer.key, "tools/call", { name: "kit_read", arguments: { brand: world.brand.shortId } }),
    ],
    [
      "kit_read with a part that does not exist",
      (era) =>
        request(era, world.viewer.key, "tools/call", {
          name: "kit_read",
          arguments: { brand: world.brand.shortId, parts: ["bogus"] },
        }),
    ],
    [
      "a tool that does not exist",
      (era) => request(era, world.viewer.key, "tools/call", { name: "no_such_tool", arguments: {} }),
    ],
    [
      "a write that needs a confirmation",
      (era) =>
        request(era, world.admin.key, "tools/call", {
          name: "kit_instructions_update",
          arguments: { brand: world.brand.shortId, section: "general", text: "Quick" },
        }),
    ],
    [
      "a write above the caller's role",
      (era) =>
        request(era, world.viewer.key, "tools/call", {
          name: "kit_instructions_update",
          arguments: { brand: world.brand.shortId, section: "general", text: "Quick" },
        }),
    ],
    [
      "a brand the caller is not in",
      (era) => request(era, world.viewer.key, "tools/call", { name: "kit_read", arguments: { brand: "NOPE-1" } }),
    ],
  ];
  // the 2025 era's other common methods (a 2026 one other than tools/call is the door's)
  const legacyOnly: typeof cases = [
    ["tools/list", () => request("2025", world.member.key, "tools/list")],
    ["ping", () => request("2025", world.member.key, "ping")],
  ];
  for (const era of ["2025", "2026"] as const) {
    for (const [name, make] of era === "2025" ? [...cases, ...legacyOnly] : cases) {
      it(`${era}: ${name}`, async () => {
        const { quick, door } = await bothWays(make(era));
        expect(quick.status).toBe(200);
        expect(door.status).toBe(quick.status);
        if (fastPath) expect(quick.type).toBe("application/json");
        expect(ANSWER_TYPES).toContain(door.type);
        expect(quick.vary).toBe("Origin");
        expect(quick.message()).toBe(door.message());
      });
    }
  }

  it("a kit_read answer is the kit (the comparison above compares something)", async () => {
    const { quick } = await bothWays(
      request("2026", world.viewer.key, "tools/call", { name: "kit_read", arguments: { brand: world.brand.shortId } }),
    );
    const answer = responseOf(quick.type, quick.text);
    expect(answer.id).toBe(1);
    expect(answer.result.isError).toBeFalsy();
    expect(Object.keys(answer.result.structuredContent)).toEqual(
      expect.arrayContaining(["colors", "typography", "logos"]),
    );
  });
});

describe("a 2025-era session this instance holds", () => {
  it("its tool calls are answered as the door answers them, and another key cannot use it", async () => {
    const headers = {
      "Content-Type": "application/json",
      Accept: "application/json, text/event-stream",
      Authorization: `Bearer ${world.viewer.key}`,
    };
    const initialize = {
      jsonrpc: "2.0",
      id: 0,
      method: "initialize",
      params: { protocolVersion: "2025-11-25", capabilities: {}, clientInfo: { name: "quick", version: "1" } },
    };
    const opened = await fetch(`${baseUrl()}/api/mcp`, { method: "POST", headers, body: JSON.stringify(initialize) });
    const sessionId = opened.headers.get("mcp-session-id")!;
    await opened.text();
    expect(sessionId).toBeTruthy();
    const onSession = { ...headers, "Mcp-Session-Id": sessionId, "MCP-Protocol-Version": "2025-11-25" };
    await (
      await fetch(`${baseUrl()}/api/mcp`, {
        method: "POST",
        headers: onSession,
        body: JSON.stringify({ jsonrpc: "2.0", method: "notifications/initialized" }),
      })
    ).text();
    for (const args of [{ brand: world.brand.shortId }, { brand: world.brand.shortId, parts: ["bogus"] }]) {
      const sent = {
        headers: onSession,
        body: { jsonrpc: "2.0", id: 3, method: "tools/call", params: { name: "kit_read", arguments: args } },
      };
      const { quick, door } = await bothWays(sent);
      expect(quick.status).toBe(200);
      expect(quick.vary).toBe("Origin");
      expect(quick.message()).toBe(door.message());
      expect(responseOf(quick.type, quick.text).id).toBe(3);
    }
    const stranger = await send({
      headers: { ...onSession, Authorization: `Bearer ${world.admin.key}` },
      body: { jsonrpc: "2.0", id: 4, method: "tools/list", params: {} },
    });
    expect(stranger.status).toBe(404);
  });
});

describe("many callers at once, the same JSON-RPC id", () => {
  it("each answer is its own caller's (ids and credentials never cross)", async () => {
    const calls = Array.from({ length: 40 }, (_, index) => {
      const era: Era = index % 2 ? "2025" : "2026";
      const role = index % 4 < 2 ? "admin" : "viewer";
      const sent = request(
        era,
        world[role].key,
        "tools/call",
        {
          name: "kit_instructions_update",
          arguments: { brand: world.brand.shortId, section: "general", text: `Quick ${index}` },
        },
        7,
      );
      return send(sent).then((answer) => ({ role, answer: responseOf(answer.type, answer.text) }));
    });
    for (const { role, answer } of await Promise.all(calls)) {
      expect(answer.id).toBe(7);
      const code = answer.result.structuredContent.error.code;
      expect(code).toBe(role === "admin" ? "confirmation_required" : "forbidden");
    }
  });
});

describe("what the quick path leaves to the door", () => {
  it("a key the service does not know: 401 with the challenge", async () => {
    const { quick } = await bothWays(
      request("2026", `bop_${"x".repeat(40)}`, "tools/call", {
        name: "kit_read",
        arguments: { brand: world.brand.shortId },
      }),
    );
    expect(quick.status).toBe(401);
  });

  it("Mcp-Name naming another tool than the body: the SDK's header mismatch, not a result", async () => {
    const sent = request("2026", world.viewer.key, "tools/call", {
      name: "kit_read",
      arguments: { brand: world.brand.shortId },
    });
    const { quick, door } = await bothWays({ ...sent, headers: { ...sent.headers, "Mcp-Name": "library_search" } });
    expect(quick.status).toBeGreaterThanOrEqual(400);
    expect(quick.message()).toBe(door.message());
  });

  it("a client that does not accept an event stream: the SDK's 406", async () => {
    const sent = request("2025", world.viewer.key, "tools/call", {
      name: "kit_read",
      arguments: { brand: world.brand.shortId },
    });
    const quick = await send({ ...sent, headers: { ...sent.headers, Accept: "application/json" } });
    expect(quick.status).toBe(406);
  });
});
