import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { applyMove, checkMove, reviewedRows } from "../../review/decide";
import { decisionEvent, decisionEventTypes, decisionsOf } from "../../review/flow";
import { REVIEWING } from "../../review/roles";
import { recordId, writeOutput } from "../schemas";
import { findDeclaration, memoryItem, memoryItemOf } from "./shared/records";
import { MEMORY_REVIEW } from "./shared/words";

export const memoryReview = defineCapability({
  id: "memory.review",
  ...REVIEWING,
  scope: "memory.write",
  phase: "planned",
  widget: "memory",
  title: "Accept or reject a proposed declaration",
  description:
    "Accepts a pending declaration into the brand's memory, or rejects it. Only a pending declaration can be " +
    "reviewed. Needs a person's confirmation.",
  input: z
    .object({
      declarationId: recordId().describe("Id of the pending declaration, from memory.list"),
      decision: z
        .enum(decisionsOf(MEMORY_REVIEW))
        .describe("accept puts it in the brand's memory; reject keeps it out"),
    })
    .strict(),
  output: writeOutput,
  touched: (input) => ({ kind: "memory", id: input.declarationId }),
  // the declaration is pending again, with no reviewer
  undo: { records: (_ctx, input) => reviewedRows("memoryDeclaration", input.declarationId) },
  events: {
    // memory.declaration.accepted and .rejected: one per decision, named by the status it leaves
    types: decisionEventTypes("memory.declaration", MEMORY_REVIEW, memoryItem, {
      accept: "A proposed declaration was accepted into the brand's memory",
      reject: "A proposed declaration was rejected: it stays out of the brand's memory",
    }),
    emit: async (ctx, input) => ({
      type: decisionEvent("memory.declaration", MEMORY_REVIEW, input.decision),
      data: await memoryItemOf(ctx.db, ctx.brand.id, input.declarationId),
    }),
  },
  async summarize(ctx, input) {
    const { subject, statement } = await findDeclaration(ctx.db, ctx.brand.id, input.declarationId);
    return input.decision === "accept"
      ? `Accept into the brand's memory, about "${subject}": "${statement}".`
      : `Reject the proposal about "${subject}" ("${statement}"): it stays out of the brand's memory.`;
  },
  // runs before a token is issued and again in the write's transaction (docs/design.md, order of checks)
  async check(ctx, input) {
    const { status } = await findDeclaration(ctx.db, ctx.brand.id, input.declarationId);
    checkMove(MEMORY_REVIEW, input.decision, status);
  },
  async execute(ctx, input) {
    await applyMove(ctx.db.memoryDeclaration, MEMORY_REVIEW, input.decision, {
      id: input.declarationId,
      brandId: ctx.brand.id,
      reviewerId: ctx.actor.userId,
      at: ctx.now,
    });
    return { ok: true as const, id: input.declarationId };
  },
});
