import { z } from "zod";
import type { Tx } from "../../../db/client";
import { isoOrNull } from "../../../contract/time";
import { timestamp } from "../../schemas";
import type { CatalogEntry } from "../../../connections/catalog";
import { CONNECTION_STATUSES } from "../../../connections/status";

/** A connection as connections.list publishes it (never its tokens). */
export const connectionItem = z
  .object({
    id: z.uuid(),
    provider: z.string().describe("Provider key, as in the catalog"),
    name: z.string().describe("The provider's name, as people know it (the key when it left the catalog)"),
    account: z.string().nullable().describe("The connected account's name at the provider, once known"),
    status: z.enum(CONNECTION_STATUSES),
    connectedAt: timestamp().nullable().describe("When the person completed the authorization; null before"),
  })
  .strict();

type ConnectionRow = { id: string; provider: string; account: string | null; status: string; connectedAt: Date | null };

export const connectionColumns = { id: true, provider: true, account: true, status: true, connectedAt: true } as const;

export const publicConnection = (
  row: ConnectionRow,
  catalog: readonly CatalogEntry[],
): z.output<typeof connectionItem> => ({
  id: row.id,
  provider: row.provider,
  name: catalog.find((entry) => entry.provider === row.provider)?.name ?? row.provider,
  account: row.account,
  status: row.status as (typeof CONNECTION_STATUSES)[number],
  connectedAt: isoOrNull(row.connectedAt),
});

/** Read in the write's transaction, for its event. */
export async function connectionItemOf(
  db: Tx,
  brandId: string,
  id: string,
  catalog: readonly CatalogEntry[],
): Promise<z.output<typeof connectionItem>> {
  return publicConnection(
    await db.connection.findFirstOrThrow({ where: { id, brandId }, select: connectionColumns }),
    catalog,
  );
}
