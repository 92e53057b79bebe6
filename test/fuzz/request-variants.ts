// The parts of an HTTP request around its body, fuzzed: headers (Origin, Sec-Fetch-Site, Cookie,
// Content-Type, X-Request-Id, an oversized one), extra query parameters, and raw bodies that are no
// valid JSON object (broken or truncated JSON, invalid UTF-8, another JSON type, 100,000 levels of
// nesting, more bytes than any route reads). Mostly what a page sends, often not.
import fc from "fast-check";
import { nastyChar } from "./arbitraries";

export type HeaderVariant = { headers: Record<string, string>; requestId?: string; label: string };

/** usual: the value a page of this service sends (undefined: the header is left out). */
function pick(usual: string | undefined, others: (string | undefined)[]): fc.Arbitrary<string | undefined> {
  return fc.oneof({ weight: 8, arbitrary: fc.constant(usual) }, { weight: 1, arbitrary: fc.constantFrom(...others) });
}

/** Headers of a request from `origin` with the session `cookie`, each sometimes replaced. */
export function headerVariants(
  origin: string,
  cookie: string | undefined,
  contentType = "application/json",
): fc.Arbitrary<HeaderVariant> {
  const port = new URL(origin).port;
  return fc
    .record({
      Origin: pick(origin, [
        undefined,
        "null",
        "https://evil.example",
        `http://localhost:${port}`,
        "::::",
        `${origin}/`,
        origin.toUpperCase(),
        `${origin}.evil.example`,
      ]),
      "Sec-Fetch-Site": pick(undefined, ["cross-site", "same-site", "same-origin", "none", "nonsense"]),
      Cookie: pick(cookie, [
        undefined,
        "better-auth.session_token=forged.signature",
        `${cookie}; extra=1`,
        `better-auth.session_token=${"x".repeat(4000)}`,
        (cookie ?? "").replace(/.$/, "A"),
      ]),
      "Content-Type": pick(contentType, [
        undefined,
        "text/plain",
        "application/json; charset=utf-8",
        "APPLICATION/JSON",
        "application/json-patch+json",
        "multipart/form-data; boundary=x",
        "application/x-www-form-urlencoded",
      ]),
      "X-Request-Id": pick(undefined, [
        "fuzz.request-1",
        "a".repeat(128),
        "a".repeat(129),
        "has space",
        "semi;colon",
        "caf\u00e9",
      ]),
      "X-Padding": pick(undefined, ["p".repeat(2_000), "p".repeat(20_000)]),
    })
    .map((chosen) => {
      const headers = Object.fromEntries(
        Object.entries(chosen).filter((entry): entry is [string, string] => entry[1] !== undefined),
      );
      const sentId = chosen["X-Request-Id"];
      const changed = Object.entries(chosen).filter(
        ([name, value]) =>
          value !==
          ({ Origin: origin, Cookie: cookie, "Content-Type": contentType } as Record<string, string | undefined>)[name],
      );
      return {
        headers,
        requestId: sentId && /^[A-Za-z0-9._-]{1,128}$/.test(sentId) ? sentId : undefined,
        label: changed.length ? changed.map(([name]) => name).join("+") : "usual headers",
      };
    });
}

/** Extra query parameters: the route's own names and others, with odd, long or NUL-bearing values. */
export function extraQuery(names: string[]): fc.Arbitrary<[string, string][]> {
  const name = fc.oneof(
    fc.constantFrom(...names, "__proto__", "brand[]", "", "a".repeat(300)),
    fc.string({ unit: nastyChar, minLength: 1, maxLength: 5 }),
  );
  const value = fc.oneof(
    fc.constantFrom(
      "",
      "null",
      "undefined",
      "-1",
      "0",
      "1e999",
      "999999999999",
      "[]",
      "{}",
      "%",
      "..",
      "../..",
      "\u0000",
    ),
    fc.string({ unit: nastyChar, maxLength: 20 }),
    fc.constantFrom(1_000, 6_000, 30_000).map((length) => "q".repeat(length)),
  );
  return fc.oneof(
    { weight: 3, arbitrary: fc.constant<[string, string][]>([]) },
    { weight: 1, arbitrary: fc.array(fc.tuple(name, value), { minLength: 1, maxLength: 3 }) },
  );
}

/** Byte sequences no UTF-8 decoder accepts. */
const invalidUtf8 = fc.constantFrom([0xff], [0xc0, 0x80], [0xed, 0xa0, 0x80], [0xe2, 0x82], [0xf4, 0x90, 0x80, 0x80]);
const MiB = 1024 * 1024;

export type RawBody = { label: string; bytes: Uint8Array | string };

/** Bodies that are not a JSON object within bounds, made from a valid-looking body's text. */
export function rawBodies(valid: fc.Arbitrary<string>): fc.Arbitrary<RawBody> {
  const encoder = new TextEncoder();
  return fc.oneof(
    fc.tuple(valid, fc.nat(), invalidUtf8).map(([text, at, bytes]) => {
      const encoded = encoder.encode(text);
      const cut = at % (encoded.length + 1);
      return {
        label: "invalid UTF-8",
        bytes: new Uint8Array([...encoded.subarray(0, cut), ...bytes, ...encoded.subarray(cut)]),
      };
    }),
    fc
      .tuple(valid, fc.nat())
      .map(([text, cut]) => ({ label: "truncated JSON", bytes: text.slice(0, cut % Math.max(1, text.length - 1)) })),
    fc
      .constantFrom(
        "",
        " ",
        "{",
        "{'a':1}",
        '{"a":}',
        "\ufeff{}",
        "nul",
        '{"a":1}}',
        "[]",
        "null",
        "42",
        '"text"',
        "true",
      )
      .map((text) => ({ label: `not an object: ${JSON.stringify(text)}`, bytes: text })),
    fc
      .constantFrom(100_000)
      .chain((depth) =>
        fc.constantFrom(
          { label: "arrays nested 100,000 deep", bytes: `${"[".repeat(depth)}${"]".repeat(depth)}` },
          { label: "objects nested 100,000 deep", bytes: `{"a":${'{"a":'.repeat(depth)}1${"}".repeat(depth + 1)}` },
        ),
      ),
    fc.constantFrom(5 * MiB).map((size) => ({ label: "5 MiB", bytes: `{"pad":"${"p".repeat(size)}"}` })),
  );
}
