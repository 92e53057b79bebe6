// Who confirms the writes of agents signed in with OAuth in a brand (Brand.agentsConfirmBy):
// brand.policy.update sets it, brand.overview shows it. The pipeline reads the column itself.
import { z } from "zod";
import type { BrandContext } from "../../../contract/context";

export const AGENTS_CONFIRM_BY = ["person", "either"] as const;
export type AgentsConfirmBy = (typeof AGENTS_CONFIRM_BY)[number];

export const agentsConfirmByField = () =>
  z
    .enum(AGENTS_CONFIRM_BY)
    .describe(
      "person: every write of an agent signed in with OAuth (an MCP host, a connected app) waits for its person to " +
        "confirm it in the app, whatever the app's own setting; either: each connected app's own setting decides. " +
        "Personal API keys keep their owner's choice either way",
    );

/** The brand's policy as stored; a value the column should never hold reads as the default. */
export async function agentsConfirmByOf(ctx: Pick<BrandContext, "db" | "brand">): Promise<AgentsConfirmBy> {
  const brand = await ctx.db.brand.findUnique({ where: { id: ctx.brand.id }, select: { agentsConfirmBy: true } });
  return brand?.agentsConfirmBy === "person" ? "person" : "either";
}
