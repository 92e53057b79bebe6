// URL-mode elicitation (MCP 2025-11-25, and in-band on 2026-07-28): a client that declares
// `elicitation.url` is sent to our confirm page; only the signed-in person the call is for can
// confirm there, and the tool call completes with the write once they have (lib/mcp/confirm-page.ts).
import { randomBytes, randomUUID } from "node:crypto";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { ElicitationCompleteNotificationSchema, ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import { beforeAll, describe, expect, it } from "vitest";
import { addMember, createUser } from "../../lib/admin/commands";
import { db } from "../../lib/db/client";
import { PASSWORD, signedInPerson } from "../auth/session";
import { callTool, connectMcp, expectToolError, expectToolOk } from "../support/mcp";
import { baseUrl, call, expectOk, makeBrand, makeKey } from "../support/world";

type Asked = { url: string; message: string; elicitationId?: string };
let brand: Awaited<ReturnType<typeof makeBrand>>;
let admin: { key: string; cookie: string };

beforeAll(async () => {
  brand = await makeBrand();
  const email = `page-${randomUUID().slice(0, 12)}@test.example`;
  await createUser(db(), { email, name: "Page Admin", password: PASSWORD });
  await addMember(db(), { brand: brand.shortId, email, role: "admin" });
  admin = { key: (await makeKey(email)).key, cookie: await signIn(email) };
});

async function signIn(email: string): Promise<string> {
  const response = await fetch(`${baseUrl()}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Origin: baseUrl() },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  expect(response.status).toBe(200);
  return response.headers
    .getSetCookie()
    .map((line) => line.split(";")[0]!)
    .join("; ");
}

const colour = () => ({
  brand: brand.shortId,
  name: `Page ${randomBytes(3).toString("hex")}`,
  hex: `#${randomBytes(3).toString("hex")}`,
  role: "accent",
});
const kitColours = async () =>
  (expectOk(await call("kit.read", admin.key, { brand: brand.shortId })).colors as { name: string }[]).map(
    (c) => c.name,
  );

/** The decision's POST as the page sends it (its Origin), or with another Origin or none (`origin: null`). */
function decideOnPage(url: string, cookie: string, decision: "confirm" | "cancel", origin: string | null = baseUrl()) {
  const id = new URL(url).pathname.split("/").at(-1)!;
  return fetch(`${baseUrl()}/api/confirm/${id}`, {
    method: "POST",
    headers: { Cookie: cookie, ...(origin === null ? {} : { Origin: origin }), "Content-Type": "application/json" },
    body: JSON.stringify({ decision }),
  });
}

/** What the person's browser does on the page: open it, then press Confirm or Cancel. */
async function onPage(url: string, cookie: string, decision: "confirm" | "cancel") {
  const page = await fetch(url, { headers: { Cookie: cookie }, redirect: "manual" });
  const html = await page.text();
  const response = await decideOnPage(url, cookie, decision);
  return {
    page: page.status,
    html,
    framing: page.headers.get("content-security-policy"),
    status: response.status,
    body: (await response.json()) as any,
  };
}

/** A 2025-11-25 client on a session that declares URL mode only; `person` is what happens once it consents. */
async function urlClient(person: (asked: Asked) => Promise<unknown>) {
  const client = new Client(
    { name: "url-mode-test", version: "1.0.0" },
    { capabilities: { elicitation: { url: {} } } },
  );
  const asked: Asked[] = [];
  const completed: string[] = [];
  const browsing: Promise<unknown>[] = [];
  client.setRequestHandler(ElicitRequestSchema, async (request) => {
    const params = request.params as Asked & { mode?: string };
    expect(params.mode).toBe("url");
    asked.push(params);
    // consent given: the person's browser goes on by itself, as the spec's out-of-band flow
    browsing.push(person(params));
    return { action: "accept" };
  });
  client.setNotificationHandler(ElicitationCompleteNotificationSchema, (notification) => {
    completed.push(notification.params.elicitationId);
  });
  await client.connect(
    new StreamableHTTPClientTransport(new URL(`${baseUrl()}/api/mcp`), {
      requestInit: { headers: { Authorization: `Bearer ${admin.key}` } },
    }),
  );
  return Object.assign(client, { asked, completed, browsing, elicited: [] });
}

describe("a client that declares URL-mode elicitation", () => {
  it("sends the person to the confirm page; their Confirm there completes the call with the write", async () => {
    const input = colour();
    const client = await urlClient((asked) => onPage(asked.url, admin.cookie, "confirm"));
    const result = await callTool(client, "kit_colors_add", input);
    expect(expectToolOk(result).ok).toBe(true);
    expect(await kitColours()).toContain(input.name);
    const [asked] = client.asked;
    expect(asked!.url).toMatch(new RegExp(`^${baseUrl()}/confirm/[A-Za-z0-9]{32}$`));
    expect(asked!.message).toContain(input.name);
    // the page showed the change in words, and answered with the write's outcome
    const [person] = (await Promise.all(client.browsing)) as Awaited<ReturnType<typeof onPage>>[];
    expect(person!.page).toBe(200);
    // no other site can frame the page to steer the person's click
    expect(person!.framing).toContain("frame-ancestors 'none'");
    expect(person!.html).toContain(input.name);
    expect(person!.body.status).toBe("ok");
    // neither the client nor the page ever held the token
    expect(JSON.stringify({ result, asked: client.asked })).not.toMatch(/confirmationToken|bct_/);
    expect(person!.html).not.toMatch(/bct_/);
    await expect.poll(() => client.completed).toEqual([asked!.elicitationId]);
    await client.close();
  });

  it("Cancel on the page writes nothing and the call says the person declined", async () => {
    const input = colour();
    const client = await urlClient((asked) => onPage(asked.url, admin.cookie, "cancel"));
    const error = expectToolError(await callTool(client, "kit_colors_add", input), "confirmation_required");
    expect(error.message).toContain("declined");
    expect(error.confirmationToken).toBeUndefined();
    expect(await kitColours()).not.toContain(input.name);
    await client.close();
  });

  it("the page works only for the person the call is for, signed in", async () => {
    const input = colour();
    const other = await signedInPerson();
    let seen: Awaited<ReturnType<typeof onPage>> | undefined;
    let anonymous: Response | undefined;
    const client = await urlClient(async (asked) => {
      anonymous = await fetch(asked.url, { redirect: "manual" });
      seen = await onPage(asked.url, other.cookie, "confirm");
      // the call's own person then cancels, so the call ends
      await onPage(asked.url, admin.cookie, "cancel");
    });
    expectToolError(await callTool(client, "kit_colors_add", input), "confirmation_required");
    await Promise.all(client.browsing);
    expect(anonymous!.status).toBeGreaterThanOrEqual(300);
    expect(anonymous!.status).toBeLessThan(400);
    expect(anonymous!.headers.get("location")).toContain("/sign-in");
    expect(seen!.html).toContain('data-testid="confirm-page-unknown"');
    expect(seen!.html).not.toContain(input.name);
    expect(seen!.status).toBe(404);
    expect(await kitColours()).not.toContain(input.name);
    await client.close();
  });
  it("the decision needs this service's Origin: with the cookie and none, 403 naming Origin and nothing decided", async () => {
    const input = colour();
    const refused: { status: number; body: any }[] = [];
    const client = await urlClient(async (asked) => {
      for (const origin of [null, "https://elsewhere.example"]) {
        const response = await decideOnPage(asked.url, admin.cookie, "confirm", origin);
        refused.push({ status: response.status, body: await response.json() });
      }
      // still waiting: the page's own request decides it
      return onPage(asked.url, admin.cookie, "confirm");
    });
    expect(expectToolOk(await callTool(client, "kit_colors_add", input)).ok).toBe(true);
    const [person] = (await Promise.all(client.browsing)) as Awaited<ReturnType<typeof onPage>>[];
    expect(refused.map(({ status, body }) => `${status} ${body.error?.code} ${body.error?.field}`)).toEqual([
      "403 forbidden Origin",
      "403 forbidden Origin",
    ]);
    expect(person!.status).toBe(200);
    expect((await kitColours()).filter((name) => name === input.name)).toHaveLength(1);
    await client.close();
  });

  it("the MCP Apps view's confirmation_decide cannot decide it, even with the caller's own key", async () => {
    const input = colour();
    const viewHost = await connectMcp(admin.key);
    let decided: Awaited<ReturnType<typeof callTool>> | undefined;
    const client = await urlClient(async (asked) => {
      const pendingId = new URL(asked.url).pathname.split("/").at(-1)!;
      decided = await callTool(viewHost, "confirmation_decide", { pendingId, decision: "confirm" });
      await onPage(asked.url, admin.cookie, "cancel");
    });
    expectToolError(await callTool(client, "kit_colors_add", input), "confirmation_required");
    await Promise.all(client.browsing);
    expectToolError(decided!, "not_found");
    expect(await kitColours()).not.toContain(input.name);
    await Promise.all([client.close(), viewHost.close()]);
  });
});

describe("on the stateless protocol (2026-07-28)", () => {
  const VERSION = "2026-07-28";
  async function toolsCall(args: Record<string, unknown>, retry: Record<string, unknown> = {}) {
    const response = await fetch(`${baseUrl()}/api/mcp`, {
      method: "POST",
      headers: {
        Authorization: `Bearer ${admin.key}`,
        "Content-Type": "application/json",
        Accept: "application/json, text/event-stream",
        "MCP-Protocol-Version": VERSION,
        "Mcp-Method": "tools/call",
        "Mcp-Name": "kit_colors_add",
      },
      body: JSON.stringify({
        jsonrpc: "2.0",
        id: 1,
        method: "tools/call",
        params: {
          name: "kit_colors_add",
          arguments: args,
          ...retry,
          _meta: {
            "io.modelcontextprotocol/protocolVersion": VERSION,
            "io.modelcontextprotocol/clientInfo": { name: "url-mode", version: "1" },
            "io.modelcontextprotocol/clientCapabilities": { elicitation: { url: {} } },
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
          .at(-1)!
          .slice(6);
    return (JSON.parse(data) as { result: any }).result;
  }

  it("the first answer asks for the page (input_required, URL mode); the retry after the person's Confirm writes", async () => {
    const input = colour();
    const first = await toolsCall(input);
    expect(first.resultType, JSON.stringify(first)).toBe("input_required");
    const ask = first.inputRequests.confirm;
    expect(ask.method).toBe("elicitation/create");
    expect(ask.params.mode).toBe("url");
    expect(JSON.stringify(first)).not.toMatch(/bct_/);
    const person = onPage(ask.params.url, admin.cookie, "confirm");
    const done = await toolsCall(input, {
      inputResponses: { confirm: { action: "accept" } },
      requestState: first.requestState,
    });
    expect(done.isError ?? false, JSON.stringify(done)).toBe(false);
    expect(done.structuredContent.ok).toBe(true);
    expect((await person).body.status).toBe("ok");
    expect(await kitColours()).toContain(input.name);
    // a replayed state finds the call decided: the same outcome, no second write
    const again = await toolsCall(input, {
      inputResponses: { confirm: { action: "accept" } },
      requestState: first.requestState,
    });
    expect(again.structuredContent.ok).toBe(true);
    expect((await kitColours()).filter((name) => name === input.name)).toHaveLength(1);
  });
});
