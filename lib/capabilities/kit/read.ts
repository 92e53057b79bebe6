import { z } from "zod";
import type { Tx } from "../../db/client";
import { defineCapability } from "../define";
import { COLOR_ROLES, contrast } from "./color";
import { KIT_SECTIONS } from "./sections";

const PARTS = ["colors", "typography", "logos", "instructions"] as const;

export const kitRead = defineCapability({
  id: "kit.read",
  kind: "read",
  scope: "kit.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  status: "available",
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
        .array(
          z.object({
            name: z.string(),
            hex: z.string().describe("#RRGGBB"),
            role: z.enum(COLOR_ROLES),
            contrast: z.object({ onWhite: z.number(), onBlack: z.number() }).describe("WCAG 2.x contrast ratios"),
          }),
        )
        .optional(),
      typography: z.array(z.object({ family: z.string(), role: z.string(), weights: z.array(z.string()) })).optional(),
      logos: z
        .array(z.object({ assetId: z.uuid(), name: z.string(), form: z.string(), theme: z.string(), primary: z.boolean() }))
        .optional(),
      instructions: z.partialRecord(z.enum(KIT_SECTIONS), z.string()).optional().describe("Usage text per section"),
    })
    .strict(),
  async execute(ctx, input) {
    const brandId = ctx.brand.id;
    const wanted = new Set(input.parts ?? PARTS);
    const [colors, typography, logos, instructions] = await Promise.all([
      wanted.has("colors")
        ? ctx.db.kitColor.findMany({ where: { brandId, approved: true }, orderBy: [{ createdAt: "asc" }, { id: "asc" }] })
        : undefined,
      wanted.has("typography")
        ? ctx.db.kitTypography.findMany({ where: { brandId }, orderBy: [{ position: "asc" }, { id: "asc" }] })
        : undefined,
      wanted.has("logos") ? approvedLogos(ctx.db, brandId) : undefined,
      wanted.has("instructions") ? ctx.db.kitInstruction.findMany({ where: { brandId } }) : undefined,
    ]);
    return {
      colors: colors?.map(({ name, hex, role }) => ({ name, hex, role: role as (typeof COLOR_ROLES)[number], contrast: contrast(hex) })),
      typography: typography?.map(({ family, role, weights }) => ({ family, role, weights: weights as string[] })),
      logos,
      instructions: instructions && Object.fromEntries(instructions.map(({ section, text }) => [section, text])),
    };
  },
});

/** Only logos whose file is approved are usable by agents (spec, Library asset status). */
async function approvedLogos(db: Tx, brandId: string) {
  const logos = await db.kitLogo.findMany({ where: { brandId }, orderBy: [{ position: "asc" }, { id: "asc" }] });
  if (logos.length === 0) return [];
  const approved = await db.asset.findMany({
    where: { brandId, status: "approved", id: { in: logos.map((logo) => logo.assetId) } },
    select: { id: true },
  });
  const approvedIds = new Set(approved.map((asset) => asset.id));
  return logos
    .filter((logo) => approvedIds.has(logo.assetId))
    .map(({ assetId, name, form, theme, primary }) => ({ assetId, name, form, theme, primary }));
}
