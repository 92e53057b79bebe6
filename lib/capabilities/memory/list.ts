import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { decodeCursor, encodeCursor } from "../../contract/cursor";
import { cursorField, limitField, nextCursor } from "../schemas";
import { MEMORY_COLUMNS, memoryItem, memoryItems } from "./shared/records";
import { MEMORY_STATUSES, SUBJECT_MAX } from "./shared/words";

// Newest first: what was learnt lately is what a person reviews. The cursor is the last row's time
// and id, so a declaration added meanwhile never shifts a later page.
const position = z.object({ createdAt: z.iso.datetime(), id: z.string() }).strict();

export const memoryList = defineCapability({
  id: "memory.list",
  kind: "read",
  scope: "memory.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "memory",
  title: "The brand's memory",
  description:
    "What the brand has declared about itself, newest first: each declaration's subject and statement, whether it " +
    "is pending (awaits an admin), accepted or rejected, where it came from (an answered question, with the " +
    "question's id; the assistant; a person) and who wrote it. Read-only.",
  input: z
    .object({
      status: z.enum(MEMORY_STATUSES).optional().describe("Only pending, accepted or rejected declarations"),
      subject: z
        .string()
        .trim()
        .min(1)
        .max(SUBJECT_MAX)
        .optional()
        .describe("Only declarations about exactly this subject (e.g. brand.tagline)"),
      cursor: cursorField(),
      limit: limitField(20),
    })
    .strict(),
  output: z.object({ items: z.array(memoryItem), nextCursor: nextCursor() }).strict(),
  async execute(ctx, input) {
    const after = decodeCursor("memory.list", input.cursor, position);
    const createdAt = after ? new Date(after.createdAt) : undefined;
    const rows = await ctx.db.memoryDeclaration.findMany({
      where: {
        brandId: ctx.brand.id,
        ...(input.status ? { status: input.status } : {}),
        ...(input.subject ? { subject: input.subject } : {}),
        ...(after && createdAt ? { OR: [{ createdAt: { lt: createdAt } }, { createdAt, id: { lt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: input.limit + 1,
      select: MEMORY_COLUMNS,
    });
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      items: await memoryItems(ctx.db, page),
      nextCursor:
        rows.length > input.limit && last
          ? encodeCursor("memory.list", { createdAt: last.createdAt.toISOString(), id: last.id })
          : null,
    };
  },
});
