import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { connectionColumns, connectionItem, publicConnection } from "./shared/records";

export const connectionsList = defineCapability({
  id: "connections.list",
  kind: "read",
  scope: "connections.read",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "list",
  title: "List integrations",
  description: "The brand's integrations with their status, plus optionally the providers available to connect.",
  input: z
    .object({ includeCatalog: z.boolean().default(false).describe("Also list the providers that can be connected") })
    .strict(),
  output: z
    .object({
      items: z.array(connectionItem),
      catalog: z
        .array(
          z
            .object({
              provider: z.string().describe("Key to pass to connections.connect"),
              name: z.string(),
              available: z
                .boolean()
                .describe("False until the service's operator configures this provider's OAuth client"),
            })
            .strict(),
        )
        .optional(),
    })
    .strict(),
  async execute(ctx, input) {
    // oldest first: a brand's history of connections reads in the order it happened
    const rows = await ctx.db.connection.findMany({
      where: { brandId: ctx.brand.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: connectionColumns,
    });
    const items = rows.map((row) => publicConnection(row, ctx.connections.catalog()));
    if (!input.includeCatalog) return { items };
    return {
      items,
      catalog: ctx.connections.catalog().map(({ provider, name, available }) => ({ provider, name, available })),
    };
  },
});
