import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { writeOutput } from "../schemas";
import { findLogo, lockLogos, logoAssetId } from "./shared/logo";
import { logoPhrase } from "../../words/value-words";

export const kitLogosRemove = defineCapability({
  id: "kit.logos.remove",
  kind: "write",
  scope: "kit.write",
  minRole: "admin",
  confirmation: true,
  destructive: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Remove a kit logo",
  description: "Takes a logo out of the brand kit; its file stays in the library.",
  input: z.object({ assetId: logoAssetId() }).strict(),
  output: writeOutput,
  events: {
    types: {
      "kit.logo.removed": {
        description: "A logo was taken out of the brand kit (its file stays in the library)",
        data: z
          .object({ assetId: z.uuid().describe("The file whose kit logo was removed"), deleted: z.literal(true) })
          .strict(),
      },
    },
    emit: (_ctx, input) => ({ type: "kit.logo.removed", data: { assetId: input.assetId, deleted: true as const } }),
  },
  touched: (input) => ({ kind: "kit", id: input.assetId, removed: true }),
  undo: {
    records: async (ctx, input) =>
      (
        await ctx.db.kitLogo.findMany({
          where: { brandId: ctx.brand.id, assetId: input.assetId },
          select: { id: true },
        })
      ).map((logo) => rowRef("kitLogo", logo.id)),
  },
  async summarize(ctx, input) {
    const logo = await findLogo(ctx, input.assetId);
    return `Take the logo "${logo.name}" (${logoPhrase(logo.form, logo.theme)}${logo.primary ? ", the primary logo" : ""}) out of the kit of ${ctx.brand.name}; its file stays in the library.`;
  },
  async check(ctx, input) {
    await findLogo(ctx, input.assetId);
  },
  async execute(ctx, input) {
    await lockLogos(ctx);
    const logo = await findLogo(ctx, input.assetId);
    await ctx.db.kitLogo.delete({ where: { id: logo.id } });
    return { ok: true as const, id: input.assetId };
  },
});
