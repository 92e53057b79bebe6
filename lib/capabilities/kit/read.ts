import { z } from "zod";
import { asBoolean, asJson } from "../../db/sql";
import { defineCapability } from "../../contract/define";
import { colorItem, publicColor } from "./shared/color";
import { KIT_SECTIONS } from "./shared/sections";

const PARTS = ["colors", "typography", "logos", "instructions"] as const;

export const kitRead = defineCapability({
  id: "kit.read",
  kind: "read",
  scope: "kit.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "available",
  widget: "palette",
  title: "Read the brand kit",
  description:
    "Approved colours with role and WCAG contrast, typography, approved logos and usage instructions: what agents may " +
    "use. Never returns storage paths; use library.asset.get for a logo's file.",
  input: z
    .object({
      parts: z
        .array(z.enum(PARTS))
        .min(1)
        .max(PARTS.length)
        .optional()
        .describe("Which parts to return: colors, typography, logos, instructions (default: all four)"),
    })
    .strict(),
  output: z
    .object({
      colors: z
        .array(z.object({ id: z.uuid().describe("The colour's id, for kit.colors.update"), ...colorItem.shape }))
        .optional(),
      typography: z
        .array(
          z.object({
            id: z.uuid().describe("The family's id, for kit.typography.save"),
            family: z.string(),
            role: z.string(),
            weights: z.array(z.string()),
          }),
        )
        .optional(),
      logos: z
        .array(
          z.object({ assetId: z.uuid(), name: z.string(), form: z.string(), theme: z.string(), primary: z.boolean() }),
        )
        .optional(),
      instructions: z.partialRecord(z.enum(KIT_SECTIONS), z.string()).optional().describe("Usage text per section"),
    })
    .strict(),
  async execute(ctx, input) {
    const brandId = ctx.brand.id;
    const wanted = new Set(input.parts ?? PARTS);
    // kit.read is the hottest read of the catalogue: raw reads through ctx.sql (bench: npm run bench)
    const [colors, typography, logos, instructions] = await Promise.all([
      wanted.has("colors")
        ? ctx.sql<{ id: string; name: string; hex: string; role: string }>(
            `SELECT "id", "name", "hex", "role" FROM "KitColor" WHERE "brandId" = ? AND "approved" = TRUE ORDER BY "createdAt", "id"`,
            [brandId],
          )
        : undefined,
      wanted.has("typography")
        ? ctx.sql<{ id: string; family: string; role: string; weights: unknown }>(
            `SELECT "id", "family", "role", "weights" FROM "KitTypography" WHERE "brandId" = ? ORDER BY "position", "id"`,
            [brandId],
          )
        : undefined,
      // only logos whose file is approved are usable by agents (spec, Library asset status); EXISTS,
      // not a JOIN: a join costs SQLite ~13 µs more per run here (lib/db/sql.ts)
      wanted.has("logos")
        ? ctx.sql<{ assetId: string; name: string; form: string; theme: string; primary: unknown }>(
            `SELECT l."assetId", l."name", l."form", l."theme", l."primary" FROM "KitLogo" l
             WHERE l."brandId" = ? AND EXISTS (SELECT 1 FROM "Asset" a WHERE a."id" = l."assetId" AND a."brandId" = l."brandId" AND a."status" = 'approved')
             ORDER BY l."position", l."id"`,
            [brandId],
          )
        : undefined,
      wanted.has("instructions")
        ? ctx.sql<{ section: string; text: string }>(
            `SELECT "section", "text" FROM "KitInstruction" WHERE "brandId" = ?`,
            [brandId],
          )
        : undefined,
    ]);
    return {
      colors: colors?.map((color) => ({ id: color.id, ...publicColor(color) })),
      typography: typography?.map(({ id, family, role, weights }) => ({
        id,
        family,
        role,
        weights: asJson<string[]>(weights),
      })),
      logos: logos?.map((logo) => ({ ...logo, primary: asBoolean(logo.primary) })),
      instructions: instructions && Object.fromEntries(instructions.map(({ section, text }) => [section, text])),
    };
  },
});
