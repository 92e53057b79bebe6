// What kit.typography.save and kit.typography.remove share: the family lookup (another brand's id is
// not_found, as an unknown one) and the event's shape.
import { z } from "zod";
import type { BrandContext } from "../../../contract/context";
import { notFound } from "../../../contract/errors";
import { asJson } from "../../../db/sql";
import { recordId } from "../../schemas";

export const typographyId = () => recordId().describe("Id of the typography family, from kit.read");

export const typographyItem = z
  .object({ id: z.uuid(), family: z.string(), role: z.string(), weights: z.array(z.string()) })
  .strict();

export async function findTypography(ctx: BrandContext, id: string) {
  const row = await ctx.db.kitTypography.findFirst({ where: { id, brandId: ctx.brand.id } });
  if (!row) throw notFound("id", "typography family");
  return {
    id: row.id,
    family: row.family,
    role: row.role,
    weights: asJson<string[]>(row.weights),
    position: row.position,
  };
}

/** "Fraunces (heading, 600 and 800)" */
export function typographyInWords(font: { family: string; role: string; weights: string[] }): string {
  const weights =
    font.weights.length > 1 ? `${font.weights.slice(0, -1).join(", ")} and ${font.weights.at(-1)}` : font.weights[0];
  return `${font.family} (${font.role}, ${weights})`;
}
