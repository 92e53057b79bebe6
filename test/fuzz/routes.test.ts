// Property-based fuzzing of the JSON routes outside the capability doors: the chat, the
// assistant's slash runs, pending decisions and palette, the conversations, the voice routes and
// the settings routes, signed in as a brand admin. Each run sends one request whose body is
// valid-looking, mutated (wrong types, unknown fields, huge strings, 100,000 levels of nesting) or
// raw (broken JSON, invalid UTF-8, another JSON type, 5 MiB), whose path parameters and query are
// fuzzed, and whose headers are mostly a page's and often not (Origin, Sec-Fetch-Site, cookies,
// Content-Type, X-Request-Id, a 20 KB header), sometimes with a method the route lacks. Properties:
// no 5xx, no trace of the server's insides, every refusal the service's error body for its status
// (405: Allow and no body), a valid X-Request-Id echoed; and a refusal writes nothing, neither the
// admin's nor the member's (a member's records the admin is offered by the hints must stay as they are).
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { db } from "../../lib/db/client";
import { hintedOf, mutated, serialize, validOf, type Hints } from "./arbitraries";
import { FUZZ_SEED, FUZZ_TIMEOUT, runs } from "./properties";
import { extraQuery, headerVariants, rawBodies } from "./request-variants";
import { expectServiceAnswer, fetchAnswer, HEAD_LIMIT } from "./route-answers";
import { ROUTES, type RouteSpec } from "./route-specs";
import {
  fingerprint,
  hintsOf,
  liveSession,
  LIVE_SESSION,
  makeRouteWorld,
  startFuzzServer,
  type RouteWorld,
} from "./route-world";

let server: Awaited<ReturnType<typeof startFuzzServer>>;
let world: RouteWorld;
let hints: Hints;
beforeAll(async () => {
  server = await startFuzzServer();
  world = await makeRouteWorld(server.url);
  hints = hintsOf(world);
}, 120_000);
afterAll(async () => {
  await server?.stop();
});

const RUNS = runs(60);
const seen = new Map<string, number>();
afterAll(() =>
  console.log(
    `route fuzz outcomes (seed ${FUZZ_SEED}):\n${[...seen]
      .sort()
      .map(([what, count]) => `${what} ×${count}`)
      .join("\n")}`,
  ),
);

/** Path parameters: usually the value percent-encoded, sometimes a raw form a client could send. */
function pathOf(spec: RouteSpec): fc.Arbitrary<string> {
  const names = Object.keys(spec.params ?? {});
  const raw = fc.constantFrom("..", "%2e%2e", "%00", "a%2Fb", "%E0%A4%A", "%", "%F0%9F%98%80", "x".repeat(3000), "%20");
  const values = names.map((name) =>
    fc.oneof(
      {
        weight: 5,
        arbitrary: validOf(spec.params![name]!, name, hints).map((value) =>
          encodeURIComponent(String(value).replace(/\p{Cs}/gu, "\ufffd")),
        ),
      },
      { weight: 1, arbitrary: raw },
    ),
  );
  return fc
    .tuple(...values)
    .map((chosen) => names.reduce((path, name, index) => path.replace(`{${name}}`, chosen[index]!), spec.path));
}

function queryOf(spec: RouteSpec): fc.Arbitrary<[string, string][]> {
  const own = spec.query
    ? hintedOf(spec.query, hints).map((value) =>
        Object.entries(value as object).map(([key, item]) => [key, String(item)] as [string, string]),
      )
    : fc.constant([]);
  return fc
    .tuple(own, extraQuery(Object.keys(spec.query?.properties ?? {})))
    .map(([mine, extra]) => [...mine, ...extra]);
}

function bodyOf(spec: RouteSpec): fc.Arbitrary<{ label: string; bytes: Uint8Array | string } | undefined> {
  if (!spec.body) return fc.constant(undefined);
  const valid = hintedOf(spec.body, hints);
  return fc.oneof(
    { weight: 3, arbitrary: valid.map((value) => ({ label: "valid-looking", bytes: serialize(value) })) },
    { weight: 3, arbitrary: mutated(valid).map(({ value }) => ({ label: "mutated", bytes: serialize(value) })) },
    { weight: 2, arbitrary: rawBodies(valid.map((value) => serialize(value))) },
  );
}

const requests = (spec: RouteSpec) =>
  fc.record({
    method: fc.oneof({ weight: 9, arbitrary: fc.constant(spec.method) }, { weight: 1, arbitrary: fc.constant("PUT") }),
    path: pathOf(spec),
    query: queryOf(spec),
    body: bodyOf(spec),
    head: headerVariants(server.url, world.admin.cookie, spec.body ? "application/json" : undefined),
  });

/** Until what the admin and the member hold stops changing (two reads 50 ms apart agree), 2 s at most. */
async function settled(): Promise<void> {
  for (let last = "", tries = 0; tries < 40; tries++) {
    const now = await fingerprint(world);
    if (now === last) return;
    last = now;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The request's head as Node's parser counts it (request line and headers). */
const headBytes = (url: string, headers: Record<string, string>) =>
  url.length + Object.entries(headers).reduce((sum, [name, value]) => sum + name.length + value.length + 4, 64);

describe("the routes outside the capability doors, fuzzed over HTTP", () => {
  for (const [name, spec] of Object.entries(ROUTES)) {
    it(
      `${name}: ${spec.method} ${spec.path}`,
      async () => {
        await fc.assert(
          fc.asyncProperty(requests(spec), async ({ method, path, query, body, head }) => {
            const url = new URL(path, server.url);
            for (const [key, value] of query) url.searchParams.append(key, value);
            const live = JSON.stringify(body?.bytes ?? "").includes(LIVE_SESSION) ? await liveSession(world) : "";
            const bytes =
              typeof body?.bytes === "string"
                ? body.bytes.replaceAll(LIVE_SESSION, live)
                : body && Buffer.from(body.bytes);
            const before = await fingerprint(world);
            const sentHead = headBytes(url.toString(), head.headers);
            const answer = await fetchAnswer(url.toString(), {
              method,
              headers: head.headers,
              body: method === "GET" ? undefined : bytes,
            }).catch((error: Error) => {
              // Node answers a head over its limit with 431 and closes at once: a client still sending a body may see the reset instead
              if (sentHead > HEAD_LIMIT - 1024) return undefined;
              throw error;
            });
            if (!answer)
              return void seen.set(
                `${name}: reset (head over the limit)`,
                (seen.get(`${name}: reset (head over the limit)`) ?? 0) + 1,
              );
            const what = `${name} ${method === spec.method ? "" : `${method} `}${body?.label ?? "no body"}, ${head.label}`;
            const outcome = `${answer.status}${answer.json?.error ? ` ${answer.json.error.code} ${answer.json.error.field ?? ""}` : answer.json?.status ? ` envelope ${answer.json.status}` : ""}`;
            seen.set(`${name}: ${outcome.trim()}`, (seen.get(`${name}: ${outcome.trim()}`) ?? 0) + 1);
            expectServiceAnswer(answer, spec.allow, head.requestId, sentHead);
            // a refusal, an HTTP one or a tool envelope's, leaves every record as it was
            if (answer.status >= 400 || answer.json?.status === "error") {
              const [after, was] = [JSON.parse(await fingerprint(world)), JSON.parse(before)];
              // except what the person was shown: a realtime voice call's refused envelope is kept in
              // their own named conversation as its card (lib/voice/realtime-record.ts), as a turn's
              // is; at most that one message (fingerprint's [1]), and nothing else
              if (name === "voice.call" && answer.status === 200) {
                expect(after[1] - was[1], `${what} → ${outcome} stored more than its card`).toBeLessThanOrEqual(1);
                after[1] = was[1];
              }
              expect(after, `${what} → ${outcome} wrote something`).toEqual(was);
            }
            // a chat's answer is stored as its stream ends, a moment after the client has read it: let it land before the next run's "before"
            if (name === "chat" && answer.status === 200) await settled();
          }),
          { seed: FUZZ_SEED, numRuns: RUNS },
        );
        // the fuzz reached the route's own work, not only its refusals of the request's form
        const reached = [...seen].filter(
          ([what]) => what.startsWith(`${name}: 200`) || what.startsWith(`${name}: 503`),
        );
        expect(
          reached.length,
          `${name} never answered 200: ${JSON.stringify([...seen].filter(([what]) => what.startsWith(`${name}:`)))}`,
        ).toBeGreaterThan(0);
      },
      FUZZ_TIMEOUT,
    );
  }

  it("the member's records the admin was offered are as they were", async () => {
    const { conversationId, pendingId, keyId, grantId } = world.others;
    const member = world.member.id;
    expect(
      await db().conversation.findUnique({
        where: { userId_id: { userId: member, id: conversationId } },
        select: { title: true },
      }),
    ).toEqual({ title: `Kept ${conversationId}` });
    expect((await db().pendingCall.findUnique({ where: { id: pendingId } }))?.status).toBe("pending");
    expect(
      await db().apiKey.findUnique({ where: { id: keyId }, select: { revokedAt: true, confirmBy: true } }),
    ).toEqual({
      revokedAt: null,
      confirmBy: "caller",
    });
    expect(await db().appGrant.findUnique({ where: { id: grantId }, select: { confirmBy: true } })).toEqual({
      confirmBy: "person",
    });
    expect((await db().voiceSession.findUnique({ where: { id: world.memberSession } }))?.endedAt).toBeNull();
  });
});
