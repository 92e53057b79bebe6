import { describe, expect, it } from "vitest";
import { z } from "zod";
import { describe as describeIssue, parseCall } from "../../lib/core/input";
import { findCapability } from "../../lib/capabilities/registry";

const ask = findCapability("questions.ask")!;
const failure = (body: unknown) => {
  try {
    parseCall(ask, { ok: true, value: body });
  } catch (error) {
    return error as { details: { field: string; issues: { field: string; message: string }[] }; message: string };
  }
  throw new Error("expected invalid_input");
};

describe("input errors name the field as a dotted path", () => {
  it("numeric indexes in paths, message prefixed with the field", () => {
    const options = ["a", "b", "c", "d", "e", "f", "g"];
    const error = failure({
      brand: "X-1",
      questions: [
        { key: "k", question: "q", options: [], scope: "work" },
        { key: "k", question: "q", options, scope: "work" },
      ],
    });
    expect(error.details.field).toBe("questions.1.options");
    expect(error.message).toBe("questions.1.options: at most 6 items");
  });

  it("lists every problem, unknown fields by name", () => {
    const error = failure({
      brand: "X-1",
      questions: [{ key: "", question: "q", options: [], scope: "nope", extra: 1 }],
      expectedRevison: 2,
    });
    const fields = error.details.issues.map((issue) => issue.field);
    expect(fields).toEqual(
      expect.arrayContaining(["questions.0.key", "questions.0.scope", "questions.0.extra", "expectedRevison"]),
    );
  });

  it("requires brand for brand-scoped capabilities", () => {
    expect(failure({ questions: [{ key: "k", question: "q", options: [], scope: "work" }] }).details.field).toBe(
      "brand",
    );
  });

  it("reports a body that is not an object on field body", () => {
    for (const value of [[], null, "text", 3]) expect(failure(value).details.field).toBe("body");
  });
});

describe("a shape chosen by a discriminator (op, step)", () => {
  const save = findCapability("brand.contacts.save")!;
  const fieldOf = (value: unknown) => {
    try {
      parseCall(save, { ok: true, value });
    } catch (error) {
      return (error as { details: { field: string } }).details.field;
    }
    return undefined;
  };

  it("names the discriminator itself when it is missing or unknown", () => {
    expect(fieldOf({ brand: "X-1", type: "email", value: "a@b.example" })).toBe("op");
    expect(fieldOf({ brand: "X-1", op: "replace" })).toBe("op");
  });

  it("names the field of the chosen shape otherwise", () => {
    expect(fieldOf({ brand: "X-1", op: "delete" })).toBe("id");
    expect(fieldOf({ brand: "X-1", op: "upsert", type: "fax", value: "1" })).toBe("type");
  });
});

describe("a discriminated union names its discriminator once", () => {
  it("a missing or unknown step is field step, not step.step", () => {
    const schema = z.discriminatedUnion("step", [
      z.object({ step: z.literal("start") }),
      z.object({ step: z.literal("complete") }),
    ]);
    for (const value of [{}, { step: "finish" }]) {
      const result = schema.safeParse(value);
      expect(result.success).toBe(false);
      expect(result.error!.issues.flatMap(describeIssue).map((issue) => issue.field)).toEqual(["step"]);
    }
  });
});
