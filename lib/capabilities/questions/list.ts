import { z } from "zod";
import type { Tx } from "../../db/client";
import { defineCapability } from "../../contract/define";
import { cursorField, limitField, nextCursor, timestamp } from "../schemas";
import { decodeCursor, encodeCursor } from "../../contract/cursor";
import { PENDING_STATUSES, QUESTION_SCOPES, questionItem } from "./shared/records";

// Open questions come first, then deferred ones, each oldest first; the cursor remembers the phase.
const PHASES = ["open", "deferred"] as const;
const position = z.object({ phase: z.enum(PHASES), createdAt: z.string(), id: z.string() }).strict();

// where each question stands, so a card can say it was put off instead of showing it as open
const listedQuestion = questionItem
  .extend({
    status: z.enum(PENDING_STATUSES).describe("open, or deferred (put off for later; it can still be answered)"),
    deferredAt: timestamp().nullable().describe("When it was deferred; null while open"),
  })
  .strict();

export const questionsList = defineCapability({
  id: "questions.list",
  kind: "read",
  scope: "questions.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "choice",
  title: "List open questions",
  description:
    "Lists the questions the brand still has to answer: open ones first, then deferred ones, oldest first, each with its status. Read-only.",
  input: z
    .object({
      scope: z
        .enum([...QUESTION_SCOPES, "all"])
        .default("all")
        .describe("genome, brand_kit, work or all (default)"),
      cursor: cursorField(),
      limit: limitField(20),
    })
    .strict(),
  output: z.object({ items: z.array(listedQuestion), nextCursor: nextCursor() }).strict(),
  async execute(ctx, input) {
    const after = decodeCursor("questions.list", input.cursor, position);
    const rows: QuestionRow[] = [];
    for (const phase of PHASES.slice(after ? PHASES.indexOf(after.phase) : 0)) {
      const resume = after?.phase === phase ? after : undefined;
      rows.push(...(await fetchPhase(ctx.db, ctx.brand.id, phase, input.scope, resume, input.limit + 1 - rows.length)));
      if (rows.length > input.limit) break;
    }
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      items: page.map(({ id, question, scope, options, revision, status, deferredAt, updatedAt }) => ({
        id,
        question,
        scope,
        options: options as string[],
        revision,
        status: status as (typeof PHASES)[number],
        // a question deferred without the column (seeded, or before it existed): its last change, which deferred it
        deferredAt: status === "deferred" ? (deferredAt ?? updatedAt).toISOString() : null,
      })),
      nextCursor:
        rows.length > input.limit && last
          ? encodeCursor("questions.list", { phase: last.status, createdAt: last.createdAt.toISOString(), id: last.id })
          : null,
    };
  },
});

type QuestionRow = Awaited<ReturnType<typeof fetchPhase>>[number];

function fetchPhase(
  db: Tx,
  brandId: string,
  phase: (typeof PHASES)[number],
  scope: string,
  resume: { createdAt: string; id: string } | undefined,
  take: number,
) {
  const createdAt = resume ? new Date(resume.createdAt) : undefined;
  return db.question.findMany({
    where: {
      brandId,
      status: phase,
      ...(scope === "all" ? {} : { scope }),
      ...(createdAt && resume ? { OR: [{ createdAt: { gt: createdAt } }, { createdAt, id: { gt: resume.id } }] } : {}),
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take,
    select: {
      id: true,
      question: true,
      scope: true,
      options: true,
      revision: true,
      status: true,
      createdAt: true,
      deferredAt: true,
      updatedAt: true,
    },
  });
}
