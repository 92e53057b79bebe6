// A kit colour as the writes find and check it (server side: color.ts is also read by the palette).
import type { BrandContext } from "../../../contract/context";
import { invalidInput, notFound } from "../../../contract/errors";
import { recordId } from "../../schemas";

/** The kit's rule: one colour per HEX and role. `field` is the input that made the twin. */
export const duplicateColor = (hex: string, role: string, field = "hex") =>
  invalidInput(field, `${hex} is already in the kit as ${role}`, { reason: "duplicate" });

export const colorId = () => recordId().describe("Id of the kit colour, from kit.read");

/** This brand's colour; another brand's id is not_found, as an unknown one (no existence oracle). */
export async function findColor(ctx: BrandContext, id: string) {
  const color = await ctx.db.kitColor.findFirst({ where: { id, brandId: ctx.brand.id } });
  if (!color) throw notFound("id", "kit colour");
  return color;
}
