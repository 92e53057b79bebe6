// Property-based fuzzing of the routes a link leads to: the signed file URLs of local
// storage (download, HEAD, one PUT of the bytes) and both ends of a connection link (start, the
// provider's callback). Real signed URLs and a real signed state are mutated (a parameter dropped,
// changed, duplicated, a path segment replaced by `..`, NUL, a malformed escape, 3,000 characters;
// a body shorter, longer or of another type than declared), sent with the admin's session, another
// person's, a forged one or none. Properties: no 5xx, no leak, no markup passed through; the file
// routes refuse with `{ ok: false, error: { code, message, requestId } }` and a status of decisions
// §9; the connection routes answer a page or a redirect to sign in here (never JSON, never away).
import { randomUUID } from "node:crypto";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, inject, it } from "vitest";
import { signState } from "../../lib/connections/state";
import { db } from "../../lib/db/client";
import { makeChatWorld } from "../assistant/support";
import { bytes, startUpload, uploadApproved } from "../support/files";
import { baseUrl, call, expectOk, localStorageSkip, makeKey } from "../support/world";
import { FUZZ_SEED, FUZZ_TIMEOUT, runs } from "./properties";
import { expectNoFault, expectPage, fetchAnswer, type Answer } from "./route-answers";

let download: URL;
const uploads: URL[] = [];
let state: string;
let cookies: string[];
beforeAll(async () => {
  const world = await makeChatWorld(baseUrl());
  const who = { key: (await makeKey(world.admin.email)).key, brand: world.brand.shortId };
  cookies = [world.admin.cookie, world.member.cookie, "better-auth.session_token=forged.value", ""];
  if (!localStorageSkip()) {
    const assetId = await uploadApproved(who, { fileName: "fuzz.png", mimeType: "image/png", body: bytes.png() });
    download = new URL(expectOk(await call("library.asset.get", who.key, { brand: who.brand, assetId })).url);
    for (let index = 0; index < 4; index++)
      uploads.push(
        new URL(
          expectOk(await startUpload(who, { fileName: `f${index}.png`, mimeType: "image/png", sizeBytes: 70 }))
            .uploadUrl,
        ),
      );
  }
  // a link of the admin's, as connections.connect leaves one (the provider is not offered on this server)
  const connectionId = randomUUID();
  await db().connection.create({
    data: { id: connectionId, brandId: world.brand.id, provider: "linkedin", status: "pending_setup" },
  });
  const stateId = randomUUID();
  await db().oAuthState.create({
    data: {
      id: stateId,
      connectionId,
      codeVerifier: "sealed",
      expiresAt: new Date(Date.now() + 600_000),
      userId: world.admin.id,
    },
  });
  state = signState({ id: stateId, provider: "linkedin" }, inject("testEnv").APP_SECRET);
}, 60_000);

const seen = new Map<string, number>();
afterAll(() =>
  console.log(
    `file and connection fuzz outcomes (seed ${FUZZ_SEED}):\n${[...seen]
      .sort()
      .map(([what, count]) => `${what} ×${count}`)
      .join("\n")}`,
  ),
);
const note = (what: string) => seen.set(what, (seen.get(what) ?? 0) + 1);

const nasty = fc.constantFrom(
  "",
  "..",
  "%2e%2e",
  "%00",
  "%",
  "%E0%A4%A",
  "x".repeat(3000),
  "<script>alert(1)</script>",
  "0",
  "-1",
  "9999999999",
  "é",
  "a/b",
);

/** A signed URL, mutated: its parameters changed, dropped or added, a path segment replaced. */
function mutatedUrl(original: () => URL): fc.Arbitrary<string> {
  return fc
    .array(fc.tuple(fc.constantFrom("set", "drop", "add", "segment", "none"), fc.nat(), nasty), { maxLength: 3 })
    .map((steps) => {
      const url = new URL(original());
      const names = [...url.searchParams.keys()];
      let path = url.pathname;
      for (const [kind, pick, value] of steps) {
        const name = names[pick % Math.max(1, names.length)] ?? "sig";
        if (kind === "set") url.searchParams.set(name, value);
        if (kind === "drop") url.searchParams.delete(name);
        if (kind === "add") url.searchParams.append(pick % 2 ? name : `x${pick}`, value);
        if (kind === "segment")
          path = path
            .split("/")
            .map((segment, index, all) => (index === 4 + (pick % Math.max(1, all.length - 4)) ? value : segment))
            .join("/");
      }
      return `${url.origin}${path}${url.search}`;
    });
}

/**
 * The file routes' refusal (lib/doors/files.ts): its own body, with the request id; statuses of
 * docs/design.md, signed links.
 */
function expectFileAnswer(answer: Answer, headBytes: number, method = "GET") {
  expectNoFault(answer, headBytes);
  if (answer.status < 400 || answer.status === 431) return;
  if (method === "HEAD") return void expect([403, 404], String(answer.status)).toContain(answer.status); // no body to a HEAD
  if (answer.status === 405) return void expect(answer.text).toBe("");
  expect([400, 403, 404, 409, 413, 422], answer.text).toContain(answer.status);
  expect(answer.json?.ok, answer.text).toBe(false);
  expect(typeof answer.json.error.code, answer.text).toBe("string");
  expect(answer.json.error.requestId, answer.text).toBe(answer.headers.get("x-request-id"));
}

describe.skipIf(localStorageSkip())("signed file URLs, fuzzed", () => {
  it(
    "download and HEAD: the bytes only for the URL as signed; else 403/404, never a fault",
    async () => {
      await fc.assert(
        fc.asyncProperty(
          mutatedUrl(() => download),
          fc.constantFrom("GET", "HEAD", "POST", "DELETE"),
          async (url, method) => {
            const answer = await fetchAnswer(url, { method });
            note(`download ${method}: ${answer.status} ${answer.json?.error?.code ?? ""}`);
            expectFileAnswer(answer, url.length, method);
            // the bytes only where the path and every signed parameter (as the server reads it) are as signed; others may be added
            const sent = new URL(url);
            if (answer.status === 200)
              expect({
                path: sent.pathname,
                signed: [...download.searchParams.keys()].map((name) => sent.searchParams.get(name)),
              }).toEqual({ path: download.pathname, signed: [...download.searchParams.values()] });
          },
        ),
        { seed: FUZZ_SEED, numRuns: runs(100) },
      );
    },
    FUZZ_TIMEOUT,
  );

  it(
    "upload: one PUT of at most the declared size to the URL as signed",
    async () => {
      const body = fc.oneof(
        fc.constant(bytes.png()),
        fc.constantFrom(0, 1, 69, 71, 5000).map((size) => bytes.sized(size)),
      );
      const urls = fc.nat(uploads.length - 1).chain((which) => mutatedUrl(() => uploads[which]!));
      await fc.assert(
        fc.asyncProperty(
          urls,
          body,
          fc.constantFrom("image/png", "text/plain", "", "application/octet-stream"),
          async (url, payload, type) => {
            const answer = await fetchAnswer(url, {
              method: "PUT",
              body: Buffer.from(payload),
              headers: type ? { "Content-Type": type } : {},
            });
            note(`upload: ${answer.status} ${answer.json?.error?.code ?? ""}`);
            expectFileAnswer(answer, url.length);
          },
        ),
        { seed: FUZZ_SEED, numRuns: runs(40) },
      );
    },
    FUZZ_TIMEOUT,
  );
});

describe("connection links, fuzzed", () => {
  it(
    "start and callback: a page in words or a redirect to sign in here; never a fault, never JSON",
    async () => {
      const query = fc.record(
        {
          state: fc.oneof(
            fc.constant(() => state),
            fc.constant(() => `${state}x`),
            fc.constant(() => state.split(".")[0]!),
            nasty.map((value) => () => value),
          ),
          code: nasty,
          error: fc.constantFrom("", "access_denied", "server_error", "<b>x</b>"),
          error_description: nasty,
        },
        { requiredKeys: ["state"] },
      );
      await fc.assert(
        fc.asyncProperty(
          fc.constantFrom("start", "callback"),
          query,
          fc.constantFrom(...cookies.keys()),
          async (end, fields, who) => {
            const url = new URL(`${baseUrl()}/api/connections/${end}`);
            for (const [name, value] of Object.entries(fields))
              url.searchParams.set(name, typeof value === "function" ? value() : value);
            const answer = await fetchAnswer(url.toString(), {
              headers: cookies[who] ? { Cookie: cookies[who]! } : {},
            });
            note(
              `connection ${end}: ${answer.status}${answer.headers.get("location") ? ` → ${answer.headers.get("location")!.split("?")[0]}` : ""}`,
            );
            expectNoFault(answer, url.toString().length);
            if (answer.status === 431) return;
            expectPage(answer);
            expect(answer.text).not.toMatch(/<script>alert|<b>x<\/b>/);
            const location = answer.headers.get("location");
            if (location)
              expect(location, "a redirect of a link with no provider offered can only be to sign in here").toMatch(
                /^\/sign-in\?next=%2F/,
              );
          },
        ),
        { seed: FUZZ_SEED, numRuns: runs(100) },
      );
    },
    FUZZ_TIMEOUT,
  );
});
