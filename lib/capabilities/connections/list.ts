import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { isoOrNull } from "../../contract/time";
import { timestamp } from "../schemas";
import { CONNECTION_STATUSES } from "../../connections/status";

export const connectionsList = defineCapability({
  id: "connections.list",
  kind: "read",
  scope: "connections.read",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  status: "planned",
  widget: "list",
  title: "List integrations",
  description: "The brand's integrations with their status, plus optionally the providers available to connect.",
  input: z.object({ includeCatalog: z.boolean().default(false).describe("Also list the providers that can be connected") }).strict(),
  output: z
    .object({
      items: z.array(
        z
          .object({
            id: z.uuid(),
            provider: z.string().describe("Provider key, as in the catalog"),
            name: z.string().describe("The provider's name, as people know it (the key when it left the catalog)"),
            account: z.string().nullable().describe("The connected account's name at the provider, once known"),
            status: z.enum(CONNECTION_STATUSES),
            connectedAt: timestamp().nullable().describe("When the person completed the authorization; null before"),
          })
          .strict(),
      ),
      catalog: z
        .array(
          z
            .object({
              provider: z.string().describe("Key to pass to connections.connect"),
              name: z.string(),
              available: z.boolean().describe("False until the service's operator configures this provider's OAuth client"),
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
      select: { id: true, provider: true, account: true, status: true, connectedAt: true },
    });
    const items = rows.map((row) => ({
      id: row.id,
      provider: row.provider,
      name: ctx.connections.catalog().find((entry) => entry.provider === row.provider)?.name ?? row.provider,
      account: row.account,
      status: row.status as (typeof CONNECTION_STATUSES)[number],
      connectedAt: isoOrNull(row.connectedAt),
    }));
    if (!input.includeCatalog) return { items };
    return { items, catalog: ctx.connections.catalog().map(({ provider, name, available }) => ({ provider, name, available })) };
  },
});
