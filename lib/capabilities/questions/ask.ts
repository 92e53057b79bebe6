import { randomUUID } from "node:crypto";
import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { PENDING_STATUSES, QUESTION_SCOPES, questionRecord, questionRecordOf } from "./shared/records";

export const questionsAsk = defineCapability({
  id: "questions.ask",
  kind: "write",
  scope: "questions.write",
  minRole: "member",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "available",
  widget: "choice",
  title: "Ask the brand questions",
  description:
    "Asks the brand up to 5 questions when information is missing, each with up to 6 options plus a free answer. " +
    "A question whose key is still open in the brand is reused, not asked twice.",
  input: z
    .object({
      questions: z
        .array(
          z
            .object({
              key: z.string().trim().min(1).max(80).describe("Stable key of what is asked, e.g. brand.tagline"),
              question: z.string().trim().min(1).max(300).describe("The question as the brand will read it"),
              options: z.array(z.string().trim().min(1).max(300)).max(6).describe("Suggested answers (0 to 6)"),
              scope: z.enum(QUESTION_SCOPES).describe("What the answer feeds: genome, brand_kit or work"),
            })
            .strict(),
        )
        .min(1)
        .max(5)
        .describe("1 to 5 questions"),
    })
    .strict(),
  output: z.object({ ok: z.literal(true), ids: z.array(z.uuid()).describe("One id per question, in order") }).strict(),
  // one record named for all: a touch is what tells the chat's cards to read again
  touched: (_input, data) => (data.ids[0] ? { kind: "question", id: data.ids[0] } : undefined),
  events: {
    types: {
      "question.asked": {
        description:
          "Questions were asked (one event per call, its questions in order; a reused open question appears as it stands)",
        data: z.object({ items: z.array(questionRecord) }).strict(),
      },
    },
    emit: async (ctx, _input, data) => ({
      type: "question.asked",
      data: { items: await Promise.all(data.ids.map((id) => questionRecordOf(ctx.db, ctx.brand.id, id))) },
    }),
  },
  summarize: (_ctx, input) =>
    `Ask ${input.questions.length === 1 ? "the question" : `${input.questions.length} questions:`} ${input.questions.map((question) => `"${question.question}"`).join(", ")}.`,
  undo: {
    // before: the open questions it may reuse (an undo leaves them be); after: those it asked (dismissed by an undo)
    records: async (ctx, input, data) => {
      if (data) return data.ids.map((id) => rowRef("question", id));
      const reused = await ctx.db.question.findMany({
        where: {
          brandId: ctx.brand.id,
          key: { in: input.questions.map((item) => item.key) },
          status: { in: [...PENDING_STATUSES] },
        },
        select: { id: true },
      });
      return reused.map((question) => rowRef("question", question.id));
    },
  },
  async execute(ctx, input) {
    const ids: string[] = [];
    for (const item of input.questions) {
      const pending = await ctx.db.question.findFirst({
        where: { brandId: ctx.brand.id, key: item.key, status: { in: [...PENDING_STATUSES] } },
        select: { id: true },
      });
      if (pending) {
        ids.push(pending.id); // a reused question keeps its wording (docs/design.md, brands and questions)
        continue;
      }
      const id = randomUUID();
      await ctx.db.question.create({
        data: {
          id,
          brandId: ctx.brand.id,
          key: item.key,
          question: item.question,
          scope: item.scope,
          options: item.options,
          askedById: ctx.actor.userId,
          createdAt: ctx.now,
        },
      });
      ids.push(id);
    }
    return { ok: true as const, ids };
  },
});
