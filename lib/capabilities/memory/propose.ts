import { randomUUID } from "node:crypto";
import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { proposedEvent } from "../../review/flow";
import { proposedRows } from "../../review/decide";
import { PROPOSING, proposalSource } from "../../review/roles";
import { memoryItem, memoryItemOf } from "./shared/records";
import { MEMORY_REVIEW, STATEMENT_MAX, SUBJECT_MAX } from "./shared/words";

export const memoryPropose = defineCapability({
  id: "memory.propose",
  // a proposal changes nothing the brand relies on until an admin accepts it (memory.review)
  ...PROPOSING,
  scope: "memory.write",
  phase: "planned",
  widget: "memory",
  title: "Propose something for the brand's memory",
  description:
    "Proposes a declaration about the brand (a fact, a preference, a rule learnt in the conversation) for its " +
    "memory. It stays pending until an admin accepts or rejects it (memory.review); nothing relies on it before.",
  input: z
    .object({
      subject: z
        .string()
        .trim()
        .min(1)
        .max(SUBJECT_MAX)
        .describe(
          `What it is about, in a few words or a key such as brand.tagline (at most ${SUBJECT_MAX} characters)`,
        ),
      statement: z
        .string()
        .trim()
        .min(1)
        .max(STATEMENT_MAX)
        .describe(`What is declared, in a sentence or a short paragraph (at most ${STATEMENT_MAX} characters)`),
    })
    .strict(),
  output: z.object({ ok: z.literal(true), id: z.uuid().describe("The new declaration's id") }).strict(),
  touched: (_input, data) => ({ kind: "memory", id: data.id }),
  // withdrawn (removed) while still pending; once reviewed it changed since, and the undo is refused
  undo: { records: (_ctx, _input, data) => proposedRows("memoryDeclaration", data ? [data.id] : []) },
  events: {
    types: {
      [proposedEvent("memory.declaration")]: {
        description: "A declaration was proposed for the brand's memory; it awaits an admin's review",
        data: memoryItem,
      },
    },
    emit: async (ctx, _input, data) => ({
      type: proposedEvent("memory.declaration"),
      data: await memoryItemOf(ctx.db, ctx.brand.id, data.id),
    }),
  },
  summarize: (_ctx, input) => `Propose for the brand's memory, about "${input.subject}": "${input.statement}".`,
  async execute(ctx, input) {
    const id = randomUUID();
    await ctx.db.memoryDeclaration.create({
      data: {
        id,
        brandId: ctx.brand.id,
        source: proposalSource(ctx.byModel),
        subject: input.subject,
        statement: input.statement,
        status: MEMORY_REVIEW.waiting,
        authorId: ctx.actor.userId,
        createdAt: ctx.now,
      },
    });
    return { ok: true as const, id };
  },
});
