import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { Tx } from "../../db/client";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { expectedRevision, recordId, writeOutput } from "../schemas";
import { invalidInput, notFound, revisionConflict } from "../../contract/errors";
import { PENDING_STATUSES, questionRecord, questionRecordOf } from "./shared/records";

async function pendingQuestion(db: Tx, brandId: string, questionId: string, expected: number) {
  const question = await db.question.findFirst({ where: { id: questionId, brandId } });
  if (!question) throw notFound("questionId", "question");
  if (question.revision !== expected) throw revisionConflict(question.revision);
  if (!(PENDING_STATUSES as readonly string[]).includes(question.status)) {
    throw invalidInput("questionId", `this question is already ${question.status}`, { reason: "not_open" });
  }
  return question;
}

const NEXT_STATUS = { answer: "answered", defer: "deferred", dismiss: "dismissed" } as const;

export const questionsAnswer = defineCapability({
  id: "questions.answer",
  kind: "write",
  scope: "questions.write",
  minRole: "member",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "choice",
  idempotent: true,
  title: "Answer a question",
  description:
    "Answers, defers or dismisses one open question. An answer becomes an accepted brand declaration in memory. " +
    "Send the question's revision as expectedRevision and a fresh idempotencyKey; repeating a call with the same key " +
    "returns the first response.",
  input: z
    .object({
      questionId: recordId().describe("Id from questions.list"),
      expectedRevision: expectedRevision(),
      action: z.enum(["answer", "defer", "dismiss"]).describe("answer it, defer it for later, or dismiss it"),
      answer: z
        .string()
        .trim()
        .max(2000)
        .optional()
        .describe("Required (non-empty) when action is answer; not allowed otherwise"),
      idempotencyKey: z
        .string()
        .min(1)
        .max(80)
        .describe("Caller-chosen key; a retry with the same key replays the first response"),
    })
    .strict()
    .superRefine((input, check) => {
      if (input.action === "answer" && !input.answer) {
        check.addIssue({ code: "custom", path: ["answer"], message: "required when action is answer" });
      }
      if (input.action !== "answer" && input.answer !== undefined) {
        check.addIssue({ code: "custom", path: ["answer"], message: `not allowed when action is ${input.action}` });
      }
    }),
  output: writeOutput,
  touched: (_input, data) => (data.id ? { kind: "question", id: data.id, revision: data.revision } : undefined),
  events: {
    types: {
      "question.answered": {
        description: "A question was answered; the answer is now an accepted brand declaration",
        data: questionRecord,
      },
      "question.deferred": { description: "A question was deferred for later", data: questionRecord },
      "question.dismissed": { description: "A question was dismissed", data: questionRecord },
    },
    emit: async (ctx, input, data) => ({
      type: `question.${NEXT_STATUS[input.action]}`,
      data: await questionRecordOf(ctx.db, ctx.brand.id, data.id!),
    }),
  },
  undo: {
    // the question (open again) and the declaration an answer made (removed; a redo brings it back)
    records: async (ctx, input) => {
      const declarations = await ctx.db.memoryDeclaration.findMany({
        where: { brandId: ctx.brand.id, questionId: input.questionId },
        select: { id: true },
      });
      return [rowRef("question", input.questionId), ...declarations.map((d) => rowRef("memoryDeclaration", d.id))];
    },
  },
  async summarize(ctx, input) {
    const question = await ctx.db.question.findFirst({
      where: { id: input.questionId, brandId: ctx.brand.id },
      select: { question: true },
    });
    const asked = question ? `"${question.question}"` : "a question";
    return input.action === "answer"
      ? `Answer ${asked} with "${input.answer}".`
      : `${input.action === "defer" ? "Defer" : "Dismiss"} ${asked}.`;
  },
  async execute(ctx, input) {
    const question = await pendingQuestion(ctx.db, ctx.brand.id, input.questionId, input.expectedRevision);
    const updated = await ctx.db.question.updateMany({
      where: { id: question.id, revision: input.expectedRevision },
      data: {
        status: NEXT_STATUS[input.action],
        revision: { increment: 1 },
        ...(input.action === "answer" ? { answer: input.answer, answeredAt: ctx.now } : {}),
        ...(input.action === "defer" ? { deferredAt: ctx.now } : {}),
      },
    });
    if (updated.count === 0) throw revisionConflict(question.revision + 1);
    if (input.action === "answer") {
      await ctx.db.memoryDeclaration.create({
        data: {
          id: randomUUID(),
          brandId: ctx.brand.id,
          source: "question",
          questionId: question.id,
          subject: question.key,
          statement: input.answer!,
          status: "accepted",
          authorId: ctx.actor.userId,
          createdAt: ctx.now,
        },
      });
    }
    return { ok: true as const, id: question.id, revision: question.revision + 1 };
  },
});
