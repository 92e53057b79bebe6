// Property-based fuzzing of every capability's input over HTTP: bad input at scale.
// For each capability of the registry: inputs generated from its JSON Schema (valid-looking, with
// ids of records that exist mixed in), and mutations of them (wrong types, out-of-range numbers,
// NaN-like strings, oversized strings, unknown fields, nesting thousands of levels deep). Every
// answer must satisfy checkAnswer (no 5xx, the documented error body, a field that names the call).
// A confirmation_required answer is replayed with its token, so writes really execute.
// Fixed seed (FUZZ_SEED), fast-check prints the seed and the shrunk counterexample on failure.
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { capabilities } from "../../lib/capabilities/registry";
import { isServed } from "../../lib/core/rollout";
import { call } from "../support/world";
import { makeAsset, makeConnection, makeContact, makeQuestion, makeUpload } from "../support/records";
import { mutated, nastyChar as nasty, serialize, validOf, type Hints } from "./arbitraries";
import { checkAnswer, FUZZ_SEED, FUZZ_TIMEOUT, makeFuzzWorld, runs, wireSchema } from "./properties";

const served = capabilities.filter((capability) => isServed(capability, "api"));
type World = Awaited<ReturnType<typeof makeFuzzWorld>>;
let world: World;
let hints: Hints;

const VALID_RUNS = runs(80);
const MUTATED_RUNS = runs(150);

beforeAll(async () => {
  // every run may cost two calls (a token asked for is presented); 500 calls per key stays under 600/min
  world = await makeFuzzWorld(Math.ceil((served.length * (VALID_RUNS + MUTATED_RUNS) * 2) / 500));
  const brandId = world.brand.id;
  const many = <T>(count: number, make: () => Promise<T>) => Promise.all(Array.from({ length: count }, make));
  const [proposed, approved, questions, connections, contacts, uploads] = await Promise.all([
    many(6, () => makeAsset(brandId, "proposed")),
    many(2, () => makeAsset(brandId, "approved")),
    many(6, () => makeQuestion(brandId)),
    many(4, () => makeConnection(brandId)),
    many(4, () => makeContact(brandId)),
    many(3, () => makeUpload(brandId)),
  ]);
  hints = {
    assetId: fc.constantFrom(...proposed, ...approved),
    questionId: fc.constantFrom(...questions),
    connectionId: fc.constantFrom(...connections),
    id: fc.constantFrom(...contacts),
    uploadId: fc.constantFrom(...uploads),
    brand: fc.constantFrom(world.brand.shortId, world.brand.shortId.toLowerCase(), world.brand.id),
  };
});

/** What each test's answers were ("200", "422 invalid_input", …), to show the fuzz reached somewhere. */
const seen = new Map<string, Map<string, number>>();
const outcome = (response: { status: number; body: any }) =>
  `${response.status}${response.body?.error ? ` ${response.body.error.code}` : ""}`;
function record(test: string, response: { status: number; body: any }) {
  const counts = seen.get(test) ?? new Map<string, number>();
  counts.set(outcome(response), (counts.get(outcome(response)) ?? 0) + 1);
  seen.set(test, counts);
}

/** One call, checked; a token asked for is presented once, and that answer checked too. */
async function probe(test: string, capabilityId: string, schema: ReturnType<typeof wireSchema>, value: unknown) {
  const text = serialize(value);
  const sent: unknown = JSON.parse(text); // what the server reads (deep nesting and 1e999 written out)
  const key = world.key(); // a token is bound to the key that asked for it
  const first = await call(capabilityId, key, text);
  record(test, first);
  checkAnswer(first, sent, schema);
  const token = first.body?.error?.code === "confirmation_required" ? first.body.error.confirmationToken : undefined;
  if (!token || !sent || typeof sent !== "object") return;
  const withToken = { ...(sent as object), confirmationToken: token };
  const second = await call(capabilityId, key, serialize(withToken));
  record(`${test} (confirmed)`, second);
  checkAnswer(second, withToken, schema);
}

afterAll(() => {
  const lines = [...seen]
    .sort()
    .map(([test, counts]) => `${test}: ${[...counts].map(([what, count]) => `${what} ×${count}`).join(", ")}`);
  console.log(`fuzz outcomes (seed ${FUZZ_SEED}):\n${lines.join("\n")}`);
});

describe.concurrent("every capability's input, fuzzed over HTTP", () => {
  for (const capability of served) {
    const schema = wireSchema(capability);
    // a valid-looking call: the capability's input plus the brand (each branch of a discriminated union gets it)
    const validCall = () =>
      fc
        .tuple(validOf(schema, undefined, hints), validOf({ type: "string" }, "brand", hints))
        .map(([value, brand]) => ({ brand, ...(value as object) }));

    it(
      `${capability.id}: valid-looking inputs`,
      async () => {
        await fc.assert(
          fc.asyncProperty(validCall(), async (sent) => probe(`${capability.id} valid`, capability.id, schema, sent)),
          { seed: FUZZ_SEED, numRuns: VALID_RUNS },
        );
        // the generator reaches the capability itself: some calls pass validation (200, a token, or an execution-time answer)
        const reached = [...(seen.get(`${capability.id} valid`) ?? [])].filter(
          ([what]) => !what.includes("invalid_input"),
        );
        expect(
          reached.length,
          `only invalid_input: ${JSON.stringify([...(seen.get(`${capability.id} valid`) ?? [])])}`,
        ).toBeGreaterThan(0);
      },
      FUZZ_TIMEOUT,
    );

    it(
      `${capability.id}: mutated inputs`,
      async () => {
        await fc.assert(
          fc.asyncProperty(mutated(validCall()), async ({ value }) =>
            probe(`${capability.id} mutated`, capability.id, schema, value),
          ),
          { seed: FUZZ_SEED, numRuns: MUTATED_RUNS },
        );
        expect(seen.get(`${capability.id} mutated`)?.get("422 invalid_input") ?? 0).toBeGreaterThan(0);
      },
      FUZZ_TIMEOUT,
    );
  }
});

describe("regressions the fuzzer found", () => {
  it("a NUL character or a lone surrogate in any string is refused on its field (a library.search query with NUL answered 500)", async () => {
    const brand = world.brand.shortId;
    const cases: [string, Record<string, unknown>, string][] = [
      ["library.search", { brand, query: "\u0000 !" }, "query"],
      ["library.search", { brand, query: "ab\u0000" }, "query"],
      ["kit.colors.add", { brand, name: "Ocean\u0000", hex: "#123456" }, "name"],
      [
        "questions.ask",
        { brand, questions: [{ key: "k", question: "Why?", options: ["a", "b\u0000"], scope: "genome" }] },
        "questions.0.options.1",
      ],
      ["kit.read", { brand: `${brand}\u0000` }, "brand"],
      ["kit.instructions.update", { brand, section: "general", text: "Roast \ud800 weekly" }, "text"],
      ["brand.contacts.save", { brand, op: "upsert", type: "other", value: "x", label: "\udfff" }, "label"],
    ];
    for (const [capability, body, field] of cases) {
      const response = await call(capability, world.key(), body);
      expect({
        capability,
        status: response.status,
        code: response.body.error?.code,
        field: response.body.error?.field,
      }).toEqual({ capability, status: 422, code: "invalid_input", field });
    }
  });

  it(
    "what a write accepts is stored exactly: kit.instructions.update text read back through kit.read",
    async () => {
      // any string the door accepts must come back as sent; one it cannot store as sent (a lone
      // surrogate, which UTF-8 cannot encode) must be refused on its field, not silently altered
      const key = world.key();
      const text = fc.string({
        unit: fc.oneof(fc.string({ unit: "grapheme", minLength: 1, maxLength: 1 }), nasty),
        maxLength: 40,
      });
      await fc.assert(
        fc.asyncProperty(text, async (sent) => {
          const body = { brand: world.brand.shortId, section: "imagery", text: sent };
          const first = await call("kit.instructions.update", key, body);
          if (first.status === 422) return void expect(first.body.error.field).toBe("text");
          expect(first.body.error?.code).toBe("confirmation_required");
          const written = await call("kit.instructions.update", key, {
            ...body,
            confirmationToken: first.body.error.confirmationToken,
          });
          expect(written.status).toBe(200);
          const read = await call("kit.read", key, { brand: world.brand.shortId, parts: ["instructions"] });
          expect(JSON.stringify(read.body.data.instructions.imagery ?? "")).toBe(JSON.stringify(sent));
        }),
        { seed: FUZZ_SEED, numRuns: runs(40) },
      );
    },
    FUZZ_TIMEOUT,
  );
});
