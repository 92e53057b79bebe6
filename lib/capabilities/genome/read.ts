import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { PROFILE_FIELDS } from "../brand/shared/profile-fields";
import { decodeCursor, encodeCursor } from "../../contract/cursor";
import { cursorField, int53, limitField, nextCursor } from "../schemas";
import { genomeEntryRecord, genomeEntryRecords, genomeEntrySelect, genomeProfile } from "./shared/records";
import { GENOME_KINDS, GENOME_STATUSES } from "./shared/words";

// entries in the voice's own order (position, then id), so a page follows the compiled voice
const position = z.object({ position: z.int(), id: z.string() }).strict();

export const genomeRead = defineCapability({
  id: "genome.read",
  kind: "read",
  scope: "genome.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "genome",
  title: "The brand voice's entries",
  description:
    "The brand's profile, the genome revision (the one brand.profile.update and genome.entries.review expect) and its " +
    "entries: each with its kind, value, status (only approved ones reach brand.soul.read), where it came from and who " +
    "proposed and reviewed it. Filter by status and kind; paged.",
  input: z
    .object({
      status: z
        .enum(GENOME_STATUSES)
        .optional()
        .describe("Only entries in this status: proposed, approved, rejected or retired"),
      kind: z
        .enum(GENOME_KINDS)
        .optional()
        .describe("Only entries of this kind: voice, guardrail, vocabulary_use, vocabulary_avoid or archetype"),
      cursor: cursorField(),
      limit: limitField(20),
    })
    .strict(),
  output: z
    .object({
      revision: int53().describe("Genome revision that brand.profile.update and genome.entries.review expect"),
      profile: genomeProfile,
      entries: z.array(genomeEntryRecord),
      nextCursor: nextCursor(),
    })
    .strict(),
  async execute(ctx, input) {
    const after = decodeCursor("genome.read", input.cursor, position);
    const brandId = ctx.brand.id;
    const [genome, rows] = await Promise.all([
      ctx.db.genome.findUnique({
        where: { brandId },
        select: PROFILE_FIELDS,
      }),
      ctx.db.genomeEntry.findMany({
        where: {
          brandId,
          ...(input.status ? { status: input.status } : {}),
          ...(input.kind ? { kind: input.kind } : {}),
          ...(after
            ? { OR: [{ position: { gt: after.position } }, { position: after.position, id: { gt: after.id } }] }
            : {}),
        },
        orderBy: [{ position: "asc" }, { id: "asc" }],
        take: input.limit + 1,
        select: { ...genomeEntrySelect, position: true },
      }),
    ]);
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      revision: genome?.revision ?? 1,
      profile: {
        displayName: genome?.displayName ?? null,
        countryCode: genome?.countryCode ?? null,
        city: genome?.city ?? null,
        organizationType: genome?.organizationType ?? null,
        primaryLanguage: genome?.primaryLanguage ?? null,
      },
      entries: await genomeEntryRecords(ctx.db, page),
      nextCursor:
        rows.length > input.limit && last
          ? encodeCursor("genome.read", { position: last.position, id: last.id })
          : null,
    };
  },
});
