// The settings of one person's share of the AI budget, validated once at start: their defaults, and
// a sentence naming a wrong one.
import { afterEach, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "../../lib/config";
import { personShareOf, PLANS } from "../../lib/plans";

const NAMES = ["VOICE_SESSIONS_PER_HOUR", "AI_PERSON_SHARE_PERCENT"] as const;
const saved = Object.fromEntries(NAMES.map((name) => [name, process.env[name]]));

function withEnv(values: Partial<Record<(typeof NAMES)[number], string>>) {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, values);
  resetConfigForTests();
}

afterEach(() => {
  for (const name of NAMES) {
    if (saved[name] === undefined) delete process.env[name];
    else process.env[name] = saved[name];
  }
  resetConfigForTests();
});

describe("the AI budget's per-person settings", () => {
  it("default to 20 voice session starts an hour and half of the brand's month", () => {
    withEnv({});
    expect(config()).toMatchObject({ VOICE_SESSIONS_PER_HOUR: 20, AI_PERSON_SHARE_PERCENT: 50 });
    expect(personShareOf(PLANS.free.aiTokensPerMonth, 50)).toBe(100_000);
    expect(personShareOf(PLANS.pro.aiTokensPerMonth, 50)).toBe(2_500_000);
  });

  it.each([
    [{ AI_PERSON_SHARE_PERCENT: "0" }, "AI_PERSON_SHARE_PERCENT must be a whole number from 1 to 100, such as 50"],
    [{ AI_PERSON_SHARE_PERCENT: "101" }, "AI_PERSON_SHARE_PERCENT must be a whole number from 1 to 100, such as 50"],
    [{ AI_PERSON_SHARE_PERCENT: "half" }, "AI_PERSON_SHARE_PERCENT must be a whole number from 1 to 100, such as 50"],
    [{ VOICE_SESSIONS_PER_HOUR: "2.5" }, "VOICE_SESSIONS_PER_HOUR must be a whole number from 1 to 10000, such as 20"],
    [{ VOICE_SESSIONS_PER_HOUR: "0" }, "VOICE_SESSIONS_PER_HOUR must be a whole number from 1 to 10000, such as 20"],
  ])("%j fails at start with a sentence naming it", (values, sentence) => {
    withEnv(values);
    expect(() => config()).toThrow(sentence);
  });
});
