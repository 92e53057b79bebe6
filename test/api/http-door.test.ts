// The API door as HTTP (docs/design.md, calls and errors): methods, request ids, bodies, response shapes,
// timestamps, and the audit trail every write attempt leaves.
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { addMember, setBrandStatus } from "../../lib/admin/commands";
import { assertContract } from "../support/contract";
import {
  baseUrl,
  call,
  confirmAndCall,
  makeBrand,
  makeKey,
  makePerson,
  makeWorld,
  type ApiResponse,
} from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;

const REQUEST_ID = /^[A-Za-z0-9._-]{1,128}$/;
const ISO_MS = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;
const MIB = 1024 * 1024;

const oneQuestion = () => ({
  questions: [
    { key: `q.${randomBytes(4).toString("hex")}`, question: "What is your tagline?", options: ["A"], scope: "genome" },
  ],
});
const newColour = () => ({
  name: "Door colour",
  hex: `#${randomBytes(3).toString("hex").toUpperCase()}`,
  role: "accent",
});

function expectError(response: ApiResponse, status: number, code: string) {
  expect({ status: response.status, code: response.body?.error?.code }).toEqual({ status, code });
}

/** Members an error body may carry beyond code, message, field, issues and requestId (docs/design.md, errors). */
const EXTRA_MEMBERS: Record<string, string[]> = {
  insufficient_scope: ["scope"],
  confirmation_required: ["summary", "confirmationToken", "expiresAt"],
  rate_limited: ["retryAfterSeconds"],
  revision_conflict: ["currentRevision"],
  invalid_input: ["reason"],
};

/** `{ ok: false, error: { code, message, field?, issues?, requestId } }` and nothing else. */
function expectErrorShape(response: ApiResponse) {
  expect(Object.keys(response.body).sort()).toEqual(["error", "ok"]);
  expect(response.body.ok).toBe(false);
  const error = response.body.error;
  const allowed = ["code", "message", "field", "issues", "requestId", ...(EXTRA_MEMBERS[error.code] ?? [])];
  for (const member of Object.keys(error)) expect(allowed).toContain(member);
  expect(typeof error.code).toBe("string");
  expect(typeof error.message).toBe("string");
  expect(error.message.length).toBeGreaterThan(0);
  expect(error.requestId).toBe(response.headers.get("x-request-id"));
  if ("field" in error) expect(typeof error.field).toBe("string");
  if ("issues" in error) {
    expect(Array.isArray(error.issues)).toBe(true);
    for (const issue of error.issues) {
      expect(Object.keys(issue).sort()).toEqual(["field", "message"]);
      expect(typeof issue.field).toBe("string");
      expect(typeof issue.message).toBe("string");
    }
  }
  expect(response.headers.get("content-type")).toMatch(/^application\/json/);
}

/** A raw POST, for bodies and headers call() would not send. */
async function post(
  capability: string,
  key: string | null,
  body: string | Uint8Array<ArrayBuffer>,
  headers: Record<string, string> = {},
): Promise<ApiResponse> {
  const response = await fetch(`${baseUrl()}/api/v1/${capability}`, {
    method: "POST",
    headers: { ...(key ? { Authorization: `Bearer ${key}` } : {}), ...headers },
    body,
  });
  const text = await response.text();
  await assertContract("POST", capability, response.status, response.headers, text);
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
}

/** A kit.read body of `size` bytes streamed in chunks (whitespace keeps the JSON valid; only its size is wrong). */
function chunkedStream(brand: string, size: number): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const chunk = encoder.encode(" ".repeat(64 * 1024));
  let sent = 0;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      if (sent === 0) controller.enqueue(encoder.encode(`{"brand":"${brand}"`));
      if (sent >= size) {
        controller.enqueue(encoder.encode("}"));
        controller.close();
        return;
      }
      controller.enqueue(chunk);
      sent += chunk.byteLength;
    },
  });
}

/** POSTs a chunked kit.read body (no Content-Length) on a connection of its own, closed afterwards. */
function chunkedPost(key: string, brand: string, size: number): Promise<{ status: number; body: any }> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `${baseUrl()}/api/v1/kit.read`,
      { method: "POST", agent: false, headers: { Authorization: `Bearer ${key}`, "Content-Type": "application/json" } },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (part) => (text += part));
        response.on("end", () => {
          request.destroy();
          assertContract("POST", "kit.read", response.statusCode!, response.headers, text).then(
            () => resolve({ status: response.statusCode!, body: JSON.parse(text) }),
            reject,
          );
        });
      },
    );
    request.on("error", (error) => (request.destroyed ? undefined : reject(error)));
    void (async () => {
      const reader = chunkedStream(brand, size).getReader();
      for (let next = await reader.read(); !next.done && !request.destroyed; next = await reader.read()) {
        if (!request.write(next.value))
          await new Promise((done) => {
            request.once("drain", done);
            request.once("close", done);
          });
      }
      if (!request.destroyed) request.end();
    })();
  });
}

describe("methods: only POST; anything else is 405 with Allow: POST", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it.each(["GET", "PUT", "PATCH", "DELETE", "OPTIONS", "HEAD"])("%s /api/v1/kit.read", async (method) => {
    const response = await fetch(`${baseUrl()}/api/v1/kit.read`, {
      method,
      headers: { Authorization: `Bearer ${world.admin.key}`, "Content-Type": "application/json" },
      ...(["PUT", "PATCH", "DELETE"].includes(method) ? { body: JSON.stringify({ brand: world.brand.shortId }) } : {}),
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
    expect(response.headers.get("x-request-id")).toMatch(REQUEST_ID);
    await assertContract(method, "kit.read", response.status, response.headers, await response.text());
  });

  it("a 405 echoes a valid X-Request-Id", async () => {
    const id = `m-${randomBytes(4).toString("hex")}`;
    const response = await fetch(`${baseUrl()}/api/v1/kit.read`, { method: "GET", headers: { "X-Request-Id": id } });
    expect(response.status).toBe(405);
    await assertContract("GET", "kit.read", response.status, response.headers, await response.text());
    expect(response.headers.get("x-request-id")).toBe(id);
  });

  it("GET on an unknown capability id is 405 too", async () => {
    const response = await fetch(`${baseUrl()}/api/v1/no.such.thing`);
    expect(response.status).toBe(405);
    await assertContract("GET", "no.such.thing", response.status, response.headers, await response.text());
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("control: POST of the same call succeeds", async () => {
    expect((await call("kit.read", world.admin.key, { brand: world.brand.shortId })).status).toBe(200);
  });
});

describe("X-Request-Id: echoed when valid, else replaced; error.requestId equals it", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  const withId = (id: string, key: string | null = world.admin.key, capability = "kit.read") =>
    call(capability, key, { brand: world.brand.shortId }, { headers: { "X-Request-Id": id } });

  it.each([
    ["letters, digits and . _ -", () => `Req.${randomBytes(4).toString("hex")}_x-1`],
    ["exactly 128 characters", () => "a".repeat(120) + randomBytes(4).toString("hex")],
    ["a single character", () => "Z"],
  ])("echoes an id of %s, on success", async (_name, make) => {
    const id = make();
    const response = await withId(id);
    expect(response.status).toBe(200);
    expect(response.headers.get("x-request-id")).toBe(id);
  });

  it("echoes a valid id on an error and puts it in error.requestId", async () => {
    const id = `err-${randomBytes(4).toString("hex")}`;
    const response = await withId(id, null);
    expectError(response, 401, "unauthenticated");
    expect(response.headers.get("x-request-id")).toBe(id);
    expect(response.body.error.requestId).toBe(id);
  });

  it.each([
    ["129 characters", "b".repeat(129)],
    ["a space", "abc def"],
    ["a slash", "abc/def"],
    ["a colon", "abc:def"],
    ["a plus", "abc+def"],
  ])("replaces an id with %s by a new valid one, equal to error.requestId", async (_name, id) => {
    const response = await withId(id, null);
    expectError(response, 401, "unauthenticated");
    const header = response.headers.get("x-request-id");
    expect(header).not.toBe(id);
    expect(header).toMatch(REQUEST_ID);
    expect(response.body.error.requestId).toBe(header);
  });

  it("generates a distinct id for each call that sends none", async () => {
    const first = await call("kit.read", world.admin.key, { brand: world.brand.shortId });
    const second = await call("kit.read", null, { brand: world.brand.shortId });
    const [a, b] = [first.headers.get("x-request-id"), second.headers.get("x-request-id")];
    expect(a).toMatch(REQUEST_ID);
    expect(b).toMatch(REQUEST_ID);
    expect(a).not.toBe(b);
    expect(second.body.error.requestId).toBe(b);
  });
});

describe("request body: a JSON object of at most 1 MiB, else 422 invalid_input field body", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  /** A kit.read body of exactly `size` bytes; its `pad` field is unknown to kit.read. */
  const paddedBody = (size: number) => {
    const head = JSON.stringify({ brand: world.brand.shortId, pad: "" });
    return head.replace('"pad":""', `"pad":"${"x".repeat(size - head.length)}"`);
  };

  it("a body of exactly 1 MiB is read (the error names the unknown field, not body)", async () => {
    const body = paddedBody(MIB);
    expect(Buffer.byteLength(body)).toBe(MIB);
    const response = await call("kit.read", world.admin.key, body);
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("pad");
  });

  it("a body one byte over 1 MiB is 422 field body", async () => {
    const body = paddedBody(MIB + 1);
    expect(Buffer.byteLength(body)).toBe(MIB + 1);
    const response = await call("kit.read", world.admin.key, body);
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("body");
    expectErrorShape(response);
  });

  it("a body over 1 MiB sent chunked (no Content-Length) is 422 field body", async () => {
    const response = await chunkedPost(world.admin.key, world.brand.shortId, MIB + 64 * 1024);
    expect({ status: response.status, code: response.body.error?.code, field: response.body.error?.field }).toEqual({
      status: 422,
      code: "invalid_input",
      field: "body",
    });
  });

  it("after refusing an oversized chunked body, the client's next call on its keep-alive connection still works", async () => {
    // fetch keeps connections alive: the server must either finish reading the refused body or
    // close the connection (Connection: close); leaving it half-read breaks the client's next call.
    const refused = await fetch(`${baseUrl()}/api/v1/kit.read`, {
      method: "POST",
      headers: { Authorization: `Bearer ${world.admin.key}`, "Content-Type": "application/json" },
      body: chunkedStream(world.brand.shortId, MIB + 64 * 1024),
      duplex: "half",
    } as RequestInit);
    expect(refused.status).toBe(422);
    await assertContract("POST", "kit.read", refused.status, refused.headers, await refused.text());
    const next = await call("kit.read", world.admin.key, { brand: world.brand.shortId }).then(
      (response) => ({ status: response.status, error: undefined as string | undefined }),
      (error: Error) => ({ status: 0, error: `${error.message}: ${String((error as { cause?: unknown }).cause)}` }),
    );
    expect(next).toEqual({ status: 200, error: undefined });
  });

  it("a 3 MiB body is 422 field body", async () => {
    const response = await call("kit.read", world.admin.key, paddedBody(3 * MIB));
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("body");
  });

  it.each([
    ["text/plain", "text/plain"],
    ["application/x-www-form-urlencoded", "application/x-www-form-urlencoded"],
    ["application/jsonp", "application/jsonp"],
  ])("a valid JSON body sent as %s is 422 field body", async (_name, type) => {
    const response = await post("kit.read", world.admin.key, JSON.stringify({ brand: world.brand.shortId }), {
      "Content-Type": type,
    });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("body");
  });

  it("a JSON body without any Content-Type is 422 field body", async () => {
    const response = await post(
      "kit.read",
      world.admin.key,
      new TextEncoder().encode(JSON.stringify({ brand: world.brand.shortId })),
    );
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("body");
  });

  it("control: application/json; charset=utf-8 is accepted", async () => {
    const response = await post("kit.read", world.admin.key, JSON.stringify({ brand: world.brand.shortId }), {
      "Content-Type": "application/json; charset=utf-8",
    });
    expect(response.status).toBe(200);
  });

  it.each([
    ["invalid JSON", '{"brand": '],
    ["an empty body", ""],
    ["a JSON array", "[]"],
    ["an array holding the object", "[{}]"],
    ["null", "null"],
    ["a string", '"hello"'],
    ["a number", "42"],
  ])("%s is 422 field body", async (_name, body) => {
    const response = await post("kit.read", world.admin.key, body, { "Content-Type": "application/json" });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("body");
    expectErrorShape(response);
  });

  it("an unknown field (typo expectedRevison) is 422 naming that field", async () => {
    const overview = await call("brand.overview", world.admin.key, { brand: world.brand.shortId });
    const response = await call("brand.profile.update", world.admin.key, {
      brand: world.brand.shortId,
      expectedRevision: overview.body.data.revision,
      expectedRevison: 1,
      city: "Lyon",
    });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("expectedRevison");
    expect(response.body.error.issues).toContainEqual({ field: "expectedRevison", message: expect.any(String) });
  });

  it("the typo alone (expectedRevision missing) lists both problems in issues", async () => {
    const response = await call("brand.profile.update", world.admin.key, {
      brand: world.brand.shortId,
      expectedRevison: 1,
      city: "Lyon",
    });
    expectError(response, 422, "invalid_input");
    const fields = response.body.error.issues.map((issue: { field: string }) => issue.field);
    expect(fields).toContain("expectedRevison");
    expect(fields).toContain("expectedRevision");
    expect(fields).toContain(response.body.error.field);
  });

  it("an unknown field on brands.list (which takes no brand) is 422 naming it", async () => {
    const response = await call("brands.list", world.admin.key, { limit: 5, pageSize: 5 });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("pageSize");
  });

  it("an unknown field on a read is 422 naming it, never silently ignored", async () => {
    const response = await call("kit.read", world.admin.key, { brand: world.brand.shortId, part: ["colors"] });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("part");
  });

  it("a nested invalid field is named as a dotted path with numeric indexes", async () => {
    const questions = [
      { key: "a", question: "A?", options: [], scope: "genome" },
      { key: "b", question: "B?", options: ["1", "2", "3", "4", "5", "6", "7"], scope: "genome" },
    ];
    const response = await call("questions.ask", world.admin.key, { brand: world.brand.shortId, questions });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("questions.1.options");
  });

  it("a missing brand is 422 field brand", async () => {
    const response = await call("kit.read", world.admin.key, {});
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("brand");
  });
});

describe("response shapes", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("a read succeeds as exactly { ok: true, data }", async () => {
    const response = await call("kit.read", world.viewer.key, { brand: world.brand.shortId });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "ok"]);
    expect(response.body.ok).toBe(true);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
  });

  it("kit.colors.add returns data exactly { ok: true, id }", async () => {
    const response = await confirmAndCall("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      ...newColour(),
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body).sort()).toEqual(["data", "ok"]);
    expect(Object.keys(response.body.data).sort()).toEqual(["id", "ok"]);
    expect(response.body.data.ok).toBe(true);
    expect(typeof response.body.data.id).toBe("string");
  });

  it("brand.profile.update returns data exactly { ok: true, id, revision } with an integer revision", async () => {
    const revision = (await call("brand.overview", world.admin.key, { brand: world.brand.shortId })).body.data.revision;
    const response = await confirmAndCall("brand.profile.update", world.admin.key, {
      brand: world.brand.shortId,
      expectedRevision: revision,
      city: "Lyon",
    });
    expect(response.status).toBe(200);
    expect(Object.keys(response.body.data).sort()).toEqual(["id", "ok", "revision"]);
    expect(response.body.data).toEqual({ ok: true, id: expect.any(String), revision: revision + 1 });
  });

  it("success responses carry RateLimit headers (default 600 a minute)", async () => {
    const response = await call("kit.read", world.viewer.key, { brand: world.brand.shortId });
    expect(response.headers.get("ratelimit-limit")).toBe("600");
    expect(response.headers.get("ratelimit-remaining")).toMatch(/^\d+$/);
    expect(response.headers.get("ratelimit-reset")).toMatch(/^\d+$/);
  });

  it.each([
    ["401 unauthenticated", async () => call("kit.read", null, { brand: world.brand.shortId }), 401, "unauthenticated"],
    [
      "404 not_found",
      async () => call("no.such.thing", world.admin.key, { brand: world.brand.shortId }),
      404,
      "not_found",
    ],
    [
      "403 forbidden (role)",
      async () => call("questions.ask", world.viewer.key, { brand: world.brand.shortId, ...oneQuestion() }),
      403,
      "forbidden",
    ],
    [
      "403 forbidden (brand)",
      async () => call("kit.read", world.admin.key, { brand: "Nope-987654" }),
      403,
      "forbidden",
    ],
    [
      "422 invalid_input",
      async () => call("kit.read", world.admin.key, { brand: world.brand.shortId, parts: ["nope"] }),
      422,
      "invalid_input",
    ],
    [
      "409 confirmation_required",
      async () => call("kit.colors.add", world.admin.key, { brand: world.brand.shortId, ...newColour() }),
      409,
      "confirmation_required",
    ],
    [
      "409 revision_conflict",
      async () =>
        call("brand.profile.update", world.admin.key, {
          brand: world.brand.shortId,
          expectedRevision: 9999,
          city: "X",
        }),
      409,
      "revision_conflict",
    ],
  ])("an error body has exactly the documented members: %s", async (_name, make, status, code) => {
    const response = await make();
    expectError(response, status, code);
    expectErrorShape(response);
  });

  it("an insufficient_scope body names the scope and nothing unexpected", async () => {
    const key = await makeKey(world.admin.email, { scopes: "brand.read" });
    const response = await call("kit.read", key.key, { brand: world.brand.shortId });
    expectError(response, 403, "insufficient_scope");
    expectErrorShape(response);
    expect(response.body.error.scope).toBe("kit.read");
  });

  it("an invalid_input body carries field and issues", async () => {
    const response = await call("kit.read", world.admin.key, { brand: world.brand.shortId, parts: ["nope"] });
    expect(response.body.error.field).toBe("parts.0");
    expect(response.body.error.issues[0].field).toBe("parts.0");
  });

  it("an error carries no stack or internals", async () => {
    const response = await call("kit.read", world.admin.key, "{oops");
    expect(JSON.stringify(response.body)).not.toMatch(/at .*\.(ts|js):\d+|SyntaxError|stack/);
  });
});

describe("timestamps are ISO 8601 UTC with milliseconds", () => {
  let world: World;
  beforeAll(async () => {
    world = await makeWorld();
  });

  it("confirmation_required.expiresAt, 10 minutes ahead", async () => {
    const before = Date.now();
    const response = await call("kit.colors.add", world.admin.key, { brand: world.brand.shortId, ...newColour() });
    expectError(response, 409, "confirmation_required");
    expect(response.body.error.expiresAt).toMatch(ISO_MS);
    const expiresAt = Date.parse(response.body.error.expiresAt);
    expect(expiresAt).toBeGreaterThanOrEqual(before + 10 * 60_000 - 2_000);
    expect(expiresAt).toBeLessThanOrEqual(Date.now() + 10 * 60_000 + 2_000);
  });

  it("brand.soul.read.compiledAt", async () => {
    const response = await call("brand.soul.read", world.viewer.key, { brand: world.brand.shortId });
    expect(response.status).toBe(200);
    expect(response.body.data.compiledAt).toMatch(ISO_MS);
  });
});

describe("audit: every write attempt leaves one AuditEntry; reads leave none", () => {
  let world: World;
  let other: { id: string; shortId: string };
  beforeAll(async () => {
    world = await makeWorld();
    other = await makeBrand();
  });

  /** Calls with a fresh request id and returns the response and the audit entries of that request. */
  async function audited(capability: string, key: string | null, body: unknown) {
    const requestId = `audit-${randomUUID()}`;
    const response = await call(capability, key, body, { headers: { "X-Request-Id": requestId } });
    expect(response.headers.get("x-request-id")).toBe(requestId);
    const entries = await db().auditEntry.findMany({ where: { requestId } });
    return { response, entries };
  }

  it("a successful write: door api, capability, person, key, brand, outcome ok", async () => {
    const { response, entries } = await audited("questions.ask", world.member.key, {
      brand: world.brand.shortId,
      ...oneQuestion(),
    });
    expect(response.status).toBe(200);
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      door: "api",
      capabilityId: "questions.ask",
      userId: world.member.id,
      apiKeyId: world.member.keyId,
      brandId: world.brand.id,
      outcome: "ok",
    });
  });

  it("a write refused for the role: outcome forbidden, with person, key and brand", async () => {
    const { response, entries } = await audited("questions.ask", world.viewer.key, {
      brand: world.brand.shortId,
      ...oneQuestion(),
    });
    expectError(response, 403, "forbidden");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      door: "api",
      capabilityId: "questions.ask",
      userId: world.viewer.id,
      apiKeyId: world.viewer.keyId,
      brandId: world.brand.id,
      outcome: "forbidden",
    });
  });

  it("a write to a brand the person cannot access: outcome forbidden, with person and key", async () => {
    const { response, entries } = await audited("questions.ask", world.admin.key, {
      brand: other.shortId,
      ...oneQuestion(),
    });
    expectError(response, 403, "forbidden");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      door: "api",
      capabilityId: "questions.ask",
      userId: world.admin.id,
      apiKeyId: world.admin.keyId,
      outcome: "forbidden",
    });
  });

  it("a confirmation request and then the confirmed write: two entries, confirmation_required then ok", async () => {
    const input = { brand: world.brand.shortId, ...newColour() };
    const first = await audited("kit.colors.add", world.admin.key, input);
    expectError(first.response, 409, "confirmation_required");
    expect(first.entries).toHaveLength(1);
    expect(first.entries[0]).toMatchObject({
      door: "api",
      capabilityId: "kit.colors.add",
      userId: world.admin.id,
      apiKeyId: world.admin.keyId,
      brandId: world.brand.id,
      outcome: "confirmation_required",
    });
    const second = await audited("kit.colors.add", world.admin.key, {
      ...input,
      confirmationToken: first.response.body.error.confirmationToken,
    });
    expect(second.response.status).toBe(200);
    expect(second.entries).toHaveLength(1);
    expect(second.entries[0]).toMatchObject({ capabilityId: "kit.colors.add", brandId: world.brand.id, outcome: "ok" });
  });

  it("a write with invalid input: outcome invalid_input", async () => {
    const { response, entries } = await audited("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      name: "X",
      hex: "nope",
    });
    expectError(response, 422, "invalid_input");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      door: "api",
      capabilityId: "kit.colors.add",
      userId: world.admin.id,
      apiKeyId: world.admin.keyId,
      outcome: "invalid_input",
    });
  });

  it("a write refused for a field whose name holds a NUL: still audited, the detail stored readable (PostgreSQL refuses U+0000)", async () => {
    // the refusal's message names the field as sent; its audit record was lost on PostgreSQL
    const { response, entries } = await audited("kit.colors.add", world.admin.key, {
      brand: world.brand.shortId,
      ...newColour(),
      "a\u0000b": 1,
    });
    expectError(response, 422, "invalid_input");
    expect(response.body.error.field).toBe("a\u0000b");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      capabilityId: "kit.colors.add",
      outcome: "invalid_input",
      detail: "a\uFFFDb: is not a known field",
    });
  });

  it("a write without the scope: outcome insufficient_scope", async () => {
    const key = await makeKey(world.admin.email, { scopes: "kit.read" });
    const { response, entries } = await audited("kit.colors.add", key.key, {
      brand: world.brand.shortId,
      ...newColour(),
    });
    expectError(response, 403, "insufficient_scope");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      door: "api",
      capabilityId: "kit.colors.add",
      userId: world.admin.id,
      apiKeyId: key.id,
      outcome: "insufficient_scope",
    });
  });

  it("a write without a key: outcome unauthenticated, no person", async () => {
    const { response, entries } = await audited("questions.ask", null, {
      brand: world.brand.shortId,
      ...oneQuestion(),
    });
    expectError(response, 401, "unauthenticated");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      door: "api",
      capabilityId: "questions.ask",
      userId: null,
      apiKeyId: null,
      outcome: "unauthenticated",
    });
  });

  it("a write to a closed brand: outcome brand_not_operational, with the brand", async () => {
    const closed = await makeWorld();
    await setBrandStatus(db(), { brand: closed.brand.shortId, status: "closed" });
    const { response, entries } = await audited("questions.ask", closed.member.key, {
      brand: closed.brand.shortId,
      ...oneQuestion(),
    });
    expectError(response, 409, "brand_not_operational");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      door: "api",
      capabilityId: "questions.ask",
      userId: closed.member.id,
      apiKeyId: closed.member.keyId,
      brandId: closed.brand.id,
      outcome: "brand_not_operational",
    });
  });

  it("a write that fails its checks: outcome revision_conflict", async () => {
    const { response, entries } = await audited("brand.profile.update", world.admin.key, {
      brand: world.brand.shortId,
      expectedRevision: 9999,
      city: "X",
    });
    expectError(response, 409, "revision_conflict");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({
      capabilityId: "brand.profile.update",
      brandId: world.brand.id,
      outcome: "revision_conflict",
    });
  });

  it.each([
    ["kit.read", () => ({ brand: world.brand.shortId })],
    ["brand.overview", () => ({ brand: world.brand.shortId })],
    ["questions.list", () => ({ brand: world.brand.shortId })],
    ["brands.list", () => ({})],
  ])("a successful read leaves none: %s", async (capability, body) => {
    const { response, entries } = await audited(capability, world.admin.key, body());
    expect(response.status).toBe(200);
    expect(entries).toHaveLength(0);
  });

  it("a refused read leaves none", async () => {
    const { response, entries } = await audited("kit.read", world.admin.key, { brand: other.shortId });
    expectError(response, 403, "forbidden");
    expect(entries).toHaveLength(0);
  });
});

describe("apiKey.lastUsedAt", () => {
  it("is empty for a new key and set by its first call", async () => {
    const brand = await makeBrand();
    const person = await makePerson();
    await addMember(db(), { brand: brand.shortId, email: person.email, role: "viewer" });
    const key = await makeKey(person.email);
    expect((await db().apiKey.findUnique({ where: { id: key.id } }))?.lastUsedAt).toBeNull();
    const before = Date.now();
    expect((await call("kit.read", key.key, { brand: brand.shortId })).status).toBe(200);
    const lastUsedAt = (await db().apiKey.findUnique({ where: { id: key.id } }))?.lastUsedAt;
    expect(lastUsedAt).toBeInstanceOf(Date);
    expect(lastUsedAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
    expect(lastUsedAt!.getTime()).toBeLessThanOrEqual(Date.now() + 1_000);
  });

  it("is not touched by a call with a revoked key", async () => {
    const person = await makePerson();
    const key = await makeKey(person.email);
    await db().apiKey.update({ where: { id: key.id }, data: { revokedAt: new Date() } });
    expectError(await call("brands.list", key.key, {}), 401, "unauthenticated");
    expect((await db().apiKey.findUnique({ where: { id: key.id } }))?.lastUsedAt).toBeNull();
  });
});
