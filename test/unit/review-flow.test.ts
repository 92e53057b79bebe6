// The genome and the memory follow one propose/review flow (lib/review): the same moves, refusals,
// facts and event names, each area keeping its own published words for them.
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { GENOME_REVIEW } from "../../lib/capabilities/genome/shared/words";
import { MEMORY_REVIEW } from "../../lib/capabilities/memory/shared/words";
import { findCapability } from "../../lib/capabilities/registry";
import { AppError } from "../../lib/contract/errors";
import { applyMove, checkMove } from "../../lib/review/decide";
import { changesWhatCounts, decisionsFrom, toneOf } from "../../lib/review/flow";
import { PROPOSING, REVIEWING } from "../../lib/review/roles";

const AREAS = [
  { flow: GENOME_REVIEW, propose: "genome.entries.propose", review: "genome.entries.review", prefix: "genome.entry" },
  { flow: MEMORY_REVIEW, propose: "memory.propose", review: "memory.review", prefix: "memory.declaration" },
] as const;

/** The error a call throws, for what the body would show of it. */
async function refusalOf(run: () => unknown): Promise<AppError> {
  try {
    await run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("not refused");
}

describe("one propose/review flow for the genome and the memory", () => {
  it("each decision moves a record from one status to another; a row offers those its status allows", () => {
    expect(decisionsFrom(GENOME_REVIEW, "proposed")).toEqual(["approve", "reject"]);
    expect(decisionsFrom(GENOME_REVIEW, "approved")).toEqual(["retire"]);
    expect(decisionsFrom(GENOME_REVIEW, "rejected")).toEqual([]);
    expect(decisionsFrom(GENOME_REVIEW, "retired")).toEqual([]);
    expect(decisionsFrom(MEMORY_REVIEW, "pending")).toEqual(["accept", "reject"]);
    expect(decisionsFrom(MEMORY_REVIEW, "accepted")).toEqual([]);
    expect(toneOf(GENOME_REVIEW, "proposed")).toBe("warn");
    expect(toneOf(MEMORY_REVIEW, "accepted")).toBe("pass");
    expect(toneOf(GENOME_REVIEW, "retired")).toBe("muted");
  });

  it("approving and retiring change the voice (and so its revision); a rejection changes nothing that counts", () => {
    expect(changesWhatCounts(GENOME_REVIEW, "approve")).toBe(true);
    expect(changesWhatCounts(GENOME_REVIEW, "retire")).toBe(true);
    expect(changesWhatCounts(GENOME_REVIEW, "reject")).toBe(false);
    expect(changesWhatCounts(MEMORY_REVIEW, "accept")).toBe(true);
    expect(changesWhatCounts(MEMORY_REVIEW, "reject")).toBe(false);
  });

  it("a move the status does not allow is 422 on decision, its reason the status it needs", async () => {
    const approveTwice = await refusalOf(() => checkMove(GENOME_REVIEW, "approve", "approved"));
    expect(approveTwice.toBody("r").error).toMatchObject({
      code: "invalid_input",
      field: "decision",
      reason: "not_proposed",
    });
    expect(approveTwice.message).toContain("approve or reject one that is proposed, retire one that is approved");
    const retireProposal = await refusalOf(() => checkMove(GENOME_REVIEW, "retire", "proposed"));
    expect(retireProposal.details.reason).toBe("not_approved");
    const acceptTwice = await refusalOf(() => checkMove(MEMORY_REVIEW, "accept", "accepted"));
    expect(acceptTwice.details).toMatchObject({ field: "decision", reason: "not_pending" });
    expect(() => checkMove(MEMORY_REVIEW, "reject", "pending")).not.toThrow();
  });

  it("the move is one conditional update naming the reviewer; a record moved meanwhile is refused", async () => {
    const calls: unknown[] = [];
    const table = (count: number) => ({
      updateMany: async (args: unknown) => (calls.push(args), { count }),
    });
    const at = new Date("2026-12-01T10:00:00Z");
    const record = { id: "e1", brandId: "b1", reviewerId: "u1", at };
    await applyMove(table(1), GENOME_REVIEW, "retire", record);
    expect(calls).toEqual([
      {
        where: { id: "e1", brandId: "b1", status: "approved" },
        data: { status: "retired", reviewedById: "u1", reviewedAt: at },
      },
    ]);
    const lost = await refusalOf(() => applyMove(table(0), MEMORY_REVIEW, "accept", record));
    expect(lost.details).toMatchObject({ field: "decision", reason: "not_pending" });
    expect(lost.message).toContain("no longer pending");
  });

  it("both areas propose and review with the same facts, the flow's decisions and one event per outcome", () => {
    for (const area of AREAS) {
      const propose = findCapability(area.propose)!;
      const review = findCapability(area.review)!;
      expect({ kind: propose.kind, minRole: propose.minRole, confirmation: propose.confirmation }).toEqual({
        kind: PROPOSING.kind,
        minRole: PROPOSING.minRole,
        confirmation: PROPOSING.confirmation,
      });
      expect([...propose.doors]).toEqual([...PROPOSING.doors]);
      expect({ kind: review.kind, minRole: review.minRole, confirmation: review.confirmation }).toEqual({
        kind: REVIEWING.kind,
        minRole: REVIEWING.minRole,
        confirmation: REVIEWING.confirmation,
      });
      expect([...review.doors]).toEqual([...REVIEWING.doors]);
      const decision = (review.input as z.ZodObject).shape.decision as z.ZodEnum;
      expect(decision.options).toEqual(Object.keys(area.flow.moves));
      expect(Object.keys(propose.events?.types ?? {})).toEqual([`${area.prefix}.proposed`]);
      expect(Object.keys(review.events?.types ?? {})).toEqual(
        Object.values(area.flow.moves).map((move) => `${area.prefix}.${move.to}`),
      );
    }
  });
});
