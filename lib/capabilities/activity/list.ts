import { z } from "zod";
import { DOORS } from "../../contract/catalogue";
import type { BrandContext } from "../../contract/context";
import { defineCapability } from "../../contract/define";
import { cursorField, limitField, nextCursor, timestamp } from "../schemas";
import { decodeCursor, encodeCursor } from "../../contract/cursor";
import { undoRefusal, type Entry } from "./shared/undo-state";
import { SERVICE_ACTIVITY_IDS, SERVICE_NAME, TEAM_ACTIVITY_TITLES } from "../../team/activity-ids";

// Newest first; the cursor is the last entry's time and id (keyset, like every list).
const position = z.object({ at: z.string(), id: z.string() }).strict();
const NOT_ACTIVITY = ["confirmation_required"];

const item = z
  .object({
    id: z.string(),
    at: timestamp(),
    title: z.string().describe("What was done, in words (the capability's title)"),
    capabilityId: z.string(),
    door: z.string().describe("assistant, voice, mcp or api"),
    person: z
      .string()
      .nullable()
      .describe(
        'Who did it (their name); "The service" for what the service did by itself (a time-boxed access that ended); null when unknown',
      ),
    email: z.string().nullable().describe("Their e-mail (the person filter takes it), or null when unknown"),
    key: z.string().nullable().describe("The API key's name and prefix it was done with, or null (a session)"),
    status: z.enum(["done", "replayed", "refused"]).describe("done, replayed (an idempotent repeat) or refused"),
    code: z.string().nullable().describe("Why it was refused (the error code), or null"),
    summary: z.string().nullable().describe("What changed, as the person confirmed it, or the refusal's message"),
    target: z
      .object({ kind: z.literal("asset"), id: z.string() })
      .strict()
      .nullable()
      .describe("The record the write touched, where it has a view of its own (a file: library.asset.get), or null"),
    undo: z
      .object({
        available: z.boolean().describe("Whether activity.undo can take this back now"),
        reason: z.string().optional().describe("Why not, in words, when it cannot"),
      })
      .strict()
      .describe("Whether this can be undone now (activity.undo with this item's id)"),
  })
  .strict();

export const activityList = defineCapability({
  id: "activity.list",
  kind: "read",
  scope: "activity.read",
  // the whole trail (refusals, keys, who did what) is for the brand's admins
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "list",
  title: "Brand activity",
  description:
    "The brand's activity trail, newest first: every write through any door (assistant, voice, mcp, api), who did it, " +
    "what changed and how it ended, refusals and keys included. For the brand's admins. " +
    "Filters: door, capabilityId, requestId, person (email), outcome, since/until. Each item says whether activity.undo " +
    "can take it back now (undo.available, with the reason when not). Read-only.",
  input: z
    .object({
      door: z.enum(DOORS).optional().describe("Only what came through this door"),
      capabilityId: z.string().min(1).max(100).optional().describe("Only this capability, e.g. kit.colors.add"),
      requestId: z
        .string()
        .min(1)
        .max(128)
        .optional()
        .describe("Only what the call with this request id did (the X-Request-Id the API door answered with)"),
      person: z.email().max(320).optional().describe("Only what this person did (their email)"),
      outcome: z
        .enum(["done", "refused", "all"])
        .default("all")
        .describe("done (including replays), refused, or all (default)"),
      since: z.iso.datetime({ offset: true }).optional().describe("From this time on (ISO 8601)"),
      until: z.iso.datetime({ offset: true }).optional().describe("Before this time (ISO 8601)"),
      cursor: cursorField(),
      limit: limitField(20),
    })
    .strict(),
  output: z.object({ items: z.array(item), nextCursor: nextCursor() }).strict(),
  async execute(ctx, input) {
    const after = decodeCursor("activity.list", input.cursor, position);
    const outcome = input.outcome;
    const userId = input.person ? await personId(ctx, input.person) : undefined;
    if (userId === null) return { items: [], nextCursor: null };
    const at = after ? new Date(after.at) : undefined;
    const rows = await ctx.db.auditEntry.findMany({
      where: {
        brandId: ctx.brand.id,
        ...(input.door ? { door: input.door } : {}),
        ...(input.capabilityId ? { capabilityId: input.capabilityId.toLowerCase() } : {}),
        ...(input.requestId ? { requestId: input.requestId } : {}),
        ...(userId ? { userId } : {}),
        // a call asked to confirm changed nothing (its confirmed repeat is the entry that did)
        ...(outcome === "done"
          ? { outcome: { in: ["ok", "replayed"] } }
          : { outcome: { notIn: outcome === "refused" ? ["ok", "replayed", ...NOT_ACTIVITY] : NOT_ACTIVITY } }),
        AND: [
          input.since || input.until
            ? {
                at: {
                  ...(input.since ? { gte: new Date(input.since) } : {}),
                  ...(input.until ? { lt: new Date(input.until) } : {}),
                },
              }
            : {},
          at && after ? { OR: [{ at: { lt: at } }, { at, id: { lt: after.id } }] } : {},
        ],
      },
      orderBy: [{ at: "desc" }, { id: "desc" }],
      take: input.limit + 1,
    });
    const page = rows.slice(0, input.limit);
    const [people, keys, undo] = await Promise.all([namesOf(ctx, page), keyNamesOf(ctx, page), undoOf(ctx, page)]);
    const last = page.at(-1);
    return {
      items: page.map((row) => {
        const done = row.outcome === "ok" || row.outcome === "replayed";
        return {
          id: row.id,
          at: row.at.toISOString(),
          title: ctx.capabilityTitle(row.capabilityId) ?? TEAM_ACTIVITY_TITLES[row.capabilityId] ?? row.capabilityId,
          capabilityId: row.capabilityId,
          door: row.door,
          person: row.userId
            ? (people.get(row.userId)?.name ?? null)
            : SERVICE_ACTIVITY_IDS.includes(row.capabilityId)
              ? SERVICE_NAME
              : null,
          email: row.userId ? (people.get(row.userId)?.email ?? null) : null,
          key: row.apiKeyId ? (keys.get(row.apiKeyId) ?? null) : null,
          status:
            row.outcome === "ok"
              ? ("done" as const)
              : row.outcome === "replayed"
                ? ("replayed" as const)
                : ("refused" as const),
          code: done ? null : row.outcome,
          summary: done ? row.summary : row.detail,
          target: done ? targetOf(row.target) : null,
          undo: undo.get(row.id)!,
        };
      }),
      nextCursor:
        rows.length > input.limit && last
          ? encodeCursor("activity.list", { at: last.at.toISOString(), id: last.id })
          : null,
    };
  },
});

/** Per entry, whether it can be undone now (in order: one entry's reads at a time, on the reader). */
async function undoOf(ctx: BrandContext, rows: Entry[]): Promise<Map<string, { available: boolean; reason?: string }>> {
  const answers = new Map<string, { available: boolean; reason?: string }>();
  for (const row of rows) {
    const refusal = await undoRefusal(ctx, row, false);
    answers.set(row.id, refusal ? { available: false, reason: refusal.message } : { available: true });
  }
  return answers;
}

function targetOf(stored: string | null): { kind: "asset"; id: string } | null {
  const [kind, id] = stored?.split(":") ?? [];
  return kind === "asset" && id ? { kind, id } : null;
}

/** The person of that email, or null (matches nothing: the answer is the same empty page whether they exist or not). */
async function personId(ctx: BrandContext, email: string): Promise<string | null> {
  const user = await ctx.db.user.findUnique({ where: { email: email.toLowerCase() }, select: { id: true } });
  return user?.id ?? null;
}

async function namesOf(
  ctx: BrandContext,
  rows: { userId: string | null }[],
): Promise<Map<string, { name: string; email: string }>> {
  const ids = [...new Set(rows.map((row) => row.userId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const users = await ctx.db.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, email: true },
  });
  return new Map(users.map((user) => [user.id, { name: user.name, email: user.email }]));
}

async function keyNamesOf(ctx: BrandContext, rows: { apiKeyId: string | null }[]): Promise<Map<string, string>> {
  const ids = [...new Set(rows.map((row) => row.apiKeyId).filter((id): id is string => id !== null))];
  if (ids.length === 0) return new Map();
  const keys = await ctx.db.apiKey.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, prefix: true },
  });
  return new Map(keys.map((key) => [key.id, key.name ? `${key.name} (${key.prefix}…)` : `${key.prefix}…`]));
}
