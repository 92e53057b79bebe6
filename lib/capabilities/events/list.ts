import { z } from "zod";
import type { BrandContext } from "../../contract/context";
import { defineCapability } from "../../contract/define";
import { decodeCursor, encodeCursor } from "../../contract/cursor";
import { invalidInput } from "../../contract/errors";
import { requireKnownEventTypes } from "./shared/known-types";
import { iso } from "../../contract/time";
import { cursorField, limitField, nextCursor } from "../schemas";
import { EVENT_ID, eventItem, type EventData, type eventActor } from "./shared/records";

// Oldest first, by the brand's event number: numbers are handed out in commit order (one lock per
// brand held to the commit, lib/events/record.ts), so a page never steps past an event that a
// slower transaction has still to commit. A cursor is the last number seen, or an event's id.
const position = z.object({ seq: z.int().min(0) }).strict();
const TYPE = /^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/;

export const eventsList = defineCapability({
  id: "events.list",
  kind: "read",
  // the committed writes of the activity trail, for machines: the same people, the same records
  scope: "activity.read",
  minRole: "admin",
  confirmation: false,
  doors: ["mcp", "api"],
  phase: "planned",
  widget: null,
  title: "Brand events",
  description:
    "What changed in the brand, oldest first: one event per committed write through any door (type, time, who, and " +
    "the changed record). To catch up after downtime, pass as cursor the id of the last event you processed (a " +
    "webhook-id) or a nextCursor; no event committed later is ever skipped. Events are kept 30 days by default.",
  input: z
    .object({
      types: z
        .array(z.string().max(100).regex(TYPE, "must be an event type such as kit.color.added"))
        .min(1)
        .max(50)
        .optional()
        .describe(
          "Only these event types (the catalogue: the OpenAPI document's webhooks); an unknown type is refused",
        ),
      since: z.iso.datetime({ offset: true }).optional().describe("Only events from this time on (ISO 8601)"),
      cursor: cursorField().describe(
        "A previous response's nextCursor, or the id of the last event you processed (evt_…)",
      ),
      limit: limitField(20),
    })
    .strict(),
  output: z.object({ items: z.array(eventItem), nextCursor: nextCursor() }).strict(),
  async execute(ctx, input) {
    if (input.types) requireKnownEventTypes(ctx.eventTypes(), input.types, "types");
    const after = await afterSeq(ctx, input.cursor);
    const rows = await ctx.db.event.findMany({
      where: {
        brandId: ctx.brand.id,
        seq: { gt: after },
        ...(input.types ? { type: { in: input.types } } : {}),
        ...(input.since ? { createdAt: { gte: new Date(input.since) } } : {}),
      },
      orderBy: { seq: "asc" },
      take: input.limit + 1,
      select: { id: true, seq: true, type: true, createdAt: true, actor: true, data: true },
    });
    const page = rows.slice(0, input.limit);
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        id: row.id,
        type: row.type,
        createdAt: iso(row.createdAt),
        // written by recordEvent from these very schemas (lib/events/actor.ts, the type's data schema)
        actor: row.actor as z.output<typeof eventActor>,
        data: row.data as EventData,
      })),
      nextCursor: rows.length > input.limit && last ? encodeCursor("events.list", { seq: last.seq }) : null,
    };
  },
});

/** The event number to continue after: 0 from the start, a cursor's, or that of an event named by its id. */
async function afterSeq(ctx: BrandContext, cursor: string | undefined): Promise<number> {
  if (cursor === undefined) return 0;
  if (!EVENT_ID.test(cursor)) return decodeCursor("events.list", cursor, position)!.seq;
  const event = await ctx.db.event.findFirst({ where: { id: cursor, brandId: ctx.brand.id }, select: { seq: true } });
  // another brand's event is unknown here too: no existence oracle (docs/design.md, errors)
  if (!event)
    throw invalidInput(
      "cursor",
      "no event of this brand has this id (events are kept 30 days by default); start again with since",
    );
  return event.seq;
}
