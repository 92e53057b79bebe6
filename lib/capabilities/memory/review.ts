import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { invalidInput, notFound } from "../../contract/errors";
import type { BrandContext } from "../../contract/context";
import { recordId, writeOutput } from "../schemas";
import { memoryItem, memoryItemOf } from "./shared";

const NEXT_STATUS = { accept: "accepted", reject: "rejected" } as const;

// only a pending declaration moves; any other move names the decision the caller asked for
const notPending = (status: string) =>
  invalidInput("decision", `this declaration is already ${status}; only a pending one can be accepted or rejected`, {
    reason: "not_pending",
  });

async function declaration(ctx: BrandContext, id: string) {
  const row = await ctx.db.memoryDeclaration.findFirst({
    where: { id, brandId: ctx.brand.id },
    select: { status: true, subject: true, statement: true },
  });
  if (!row) throw notFound("declarationId", "declaration");
  return row;
}

export const memoryReview = defineCapability({
  id: "memory.review",
  kind: "write",
  scope: "memory.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "memory",
  title: "Accept or reject a proposed declaration",
  description:
    "Accepts a pending declaration into the brand's memory, or rejects it. Only a pending declaration can be " +
    "reviewed. Needs a person's confirmation.",
  input: z
    .object({
      declarationId: recordId().describe("Id of the pending declaration, from memory.list"),
      decision: z.enum(["accept", "reject"]).describe("accept puts it in the brand's memory; reject keeps it out"),
    })
    .strict(),
  output: writeOutput,
  touched: (input) => ({ kind: "memory", id: input.declarationId }),
  // the declaration is pending again, with no reviewer
  undo: { records: (_ctx, input) => [rowRef("memoryDeclaration", input.declarationId)] },
  events: {
    types: {
      "memory.declaration.accepted": {
        description: "A proposed declaration was accepted into the brand's memory",
        data: memoryItem,
      },
      "memory.declaration.rejected": {
        description: "A proposed declaration was rejected: it stays out of the brand's memory",
        data: memoryItem,
      },
    },
    emit: async (ctx, input) => ({
      type: `memory.declaration.${NEXT_STATUS[input.decision]}`,
      data: await memoryItemOf(ctx.db, ctx.brand.id, input.declarationId),
    }),
  },
  async summarize(ctx, input) {
    const { subject, statement } = await declaration(ctx, input.declarationId);
    return input.decision === "accept"
      ? `Accept into the brand's memory, about "${subject}": "${statement}".`
      : `Reject the proposal about "${subject}" ("${statement}"): it stays out of the brand's memory.`;
  },
  // runs before a token is issued and again in the write's transaction (docs/design.md, order of checks)
  async check(ctx, input) {
    const { status } = await declaration(ctx, input.declarationId);
    if (status !== "pending") throw notPending(status);
  },
  async execute(ctx, input) {
    const { count } = await ctx.db.memoryDeclaration.updateMany({
      where: { id: input.declarationId, brandId: ctx.brand.id, status: "pending" },
      data: { status: NEXT_STATUS[input.decision], reviewedById: ctx.actor.userId, reviewedAt: ctx.now },
    });
    if (count !== 1) throw notPending("reviewed"); // check ran in this transaction; kept as a guard
    return { ok: true as const, id: input.declarationId };
  },
});
