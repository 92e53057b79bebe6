// "Waiting for you": every write a person's keys and apps parked for their Confirm
// (lib/core/person-confirmation.ts) that nobody has decided yet and that has not expired, newest
// first, and how many there are. Only the person's own: the query is by their id. The chat's own
// pending calls and an MCP client's confirm-page asks are not in it: those are decided where they
// were asked (the chat's card, the page the client opened).
import { readDb } from "../db/client";
import { findCapability } from "../capabilities/registry";
import { askersOf } from "./asked-by";

/** Calls parked for a credential's person: caller "person:key:<id>" or "person:app:<grant id>". */
const PERSON_CALLERS = { startsWith: "person:" };

/** The most a list shows at once; the count says how many there are in all. */
const LIST_LIMIT = 100;

export type WaitingCall = {
  /** the pending call's id: the confirm page's /confirm/<id> and POST /api/confirm/<id> */
  id: string;
  capabilityId: string;
  capabilityTitle: string;
  brand: { shortId: string; name: string };
  /** the server's sentence saying exactly what will change */
  summary: string;
  /** the key or app that asked, in words ("your API key "Deploy bot"") */
  askedBy: string;
  /** the call's input as asked (the person's own): the card shows the write's result with it */
  input: Record<string, unknown>;
  createdAt: string;
  expiresAt: string;
};

/** What one indexed count reads: the person's pending calls not yet expired, of their credentials. */
const waitingWhere = (userId: string, now: Date) => ({
  userId,
  status: "pending",
  expiresAt: { gt: now },
  caller: PERSON_CALLERS,
});

/** How many writes wait for this person: the header's badge on every page, so one indexed count. */
export function waitingCount(userId: string, now = new Date()): Promise<number> {
  return readDb().pendingCall.count({ where: waitingWhere(userId, now) });
}

/** The writes waiting for this person, newest first, and how many there are in all. */
export async function waitingFor(userId: string, now = new Date()): Promise<{ count: number; items: WaitingCall[] }> {
  const [rows, count] = await Promise.all([
    readDb().pendingCall.findMany({
      where: waitingWhere(userId, now),
      orderBy: [{ createdAt: "desc" }, { id: "desc" }],
      take: LIST_LIMIT,
      select: {
        id: true,
        brandId: true,
        capabilityId: true,
        summary: true,
        caller: true,
        input: true,
        createdAt: true,
        expiresAt: true,
      },
    }),
    waitingCount(userId, now),
  ]);
  const [brands, askers] = await Promise.all([
    readDb().brand.findMany({
      where: { id: { in: [...new Set(rows.map((row) => row.brandId))] } },
      select: { id: true, shortId: true, name: true },
    }),
    askersOf(rows.map((row) => row.caller ?? "")),
  ]);
  const brandOf = new Map(brands.map(({ id, shortId, name }) => [id, { shortId, name }]));
  const items = rows.flatMap((row): WaitingCall[] => {
    const brand = brandOf.get(row.brandId);
    if (!brand) return [];
    return [
      {
        id: row.id,
        capabilityId: row.capabilityId,
        capabilityTitle: findCapability(row.capabilityId)?.title ?? row.capabilityId,
        brand,
        summary: row.summary,
        askedBy: askers.get(row.caller ?? "") ?? "an app you connected",
        input: JSON.parse(row.input) as Record<string, unknown>,
        createdAt: row.createdAt.toISOString(),
        expiresAt: row.expiresAt.toISOString(),
      },
    ];
  });
  return { count, items };
}
