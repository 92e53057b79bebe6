import { z } from "zod";
import type { BrandContext } from "../../contract/context";
import { defineCapability } from "../../contract/define";
import { decodeCursor, encodeCursor } from "../../contract/cursor";
import { ROLES, type Role } from "../../contract/roles";
import { cursorField, limitField, nextCursor, timestamp } from "../schemas";

// Oldest member first; the cursor is the last row's joining time and id (keyset, like every list).
const position = z.object({ at: z.string(), id: z.string() }).strict();
/** Pending invitations shown to admins: far more than any team keeps waiting. */
const INVITATIONS_SHOWN = 100;

const member = z
  .object({
    userId: z.string().describe("The person's id (team.role.update and team.remove take it)"),
    name: z.string(),
    email: z.string().nullable().describe("Their e-mail, for the brand's admins; null for others"),
    role: z.enum(ROLES).describe("viewer, member or admin"),
    since: timestamp().describe("When they joined the brand"),
    accessUntil: timestamp().nullable().describe("When their access ends (or ended); null: no end"),
    accessEnded: z.boolean().describe("true once accessUntil has passed: every call of theirs here is refused"),
    lastActiveAt: timestamp()
      .nullable()
      .describe("Their last write in this brand (the activity trail), for admins; null for others or none yet"),
  })
  .strict();

const invitation = z
  .object({
    id: z.string().describe("The invitation's id (team.invitations.revoke takes it)"),
    email: z.string(),
    role: z.enum(ROLES),
    accessUntil: timestamp().nullable(),
    expiresAt: timestamp().describe("The link stops working then, if nobody used it"),
  })
  .strict();

export const teamList = defineCapability({
  id: "team.list",
  kind: "read",
  scope: "team.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "team",
  title: "The brand's people",
  description:
    "The people of the brand with their role, since when, and when their access ends (accessUntil, null for no end), " +
    "oldest first, paged. Admins also see each person's e-mail and last activity, and the invitations still waiting " +
    "(invitations); others get email: null and no invitations. Read-only.",
  input: z.object({ cursor: cursorField(), limit: limitField(20) }).strict(),
  output: z
    .object({
      items: z.array(member),
      invitations: z
        .array(invitation)
        .optional()
        .describe("Invitations not yet used, revoked or expired (admins only)"),
      nextCursor: nextCursor(),
    })
    .strict(),
  async execute(ctx, input) {
    const after = decodeCursor("team.list", input.cursor, position);
    const admin = ctx.actor.staff || ctx.role === "admin";
    const at = after ? new Date(after.at) : undefined;
    const rows = await ctx.db.membership.findMany({
      where: {
        brandId: ctx.brand.id,
        ...(at && after ? { OR: [{ createdAt: { gt: at } }, { createdAt: at, userId: { gt: after.id } }] } : {}),
      },
      orderBy: [{ createdAt: "asc" }, { userId: "asc" }],
      take: input.limit + 1,
      select: {
        userId: true,
        role: true,
        createdAt: true,
        accessUntil: true,
        user: { select: { name: true, email: true } },
      },
    });
    const page = rows.slice(0, input.limit);
    const lastActive = admin
      ? await lastActivity(
          ctx,
          page.map((row) => row.userId),
        )
      : new Map<string, Date>();
    const last = page.at(-1);
    return {
      items: page.map((row) => ({
        userId: row.userId,
        name: row.user.name,
        email: admin ? row.user.email : null,
        role: row.role as Role,
        since: row.createdAt.toISOString(),
        accessUntil: row.accessUntil?.toISOString() ?? null,
        accessEnded: row.accessUntil !== null && row.accessUntil <= ctx.now,
        lastActiveAt: lastActive.get(row.userId)?.toISOString() ?? null,
      })),
      ...(admin ? { invitations: await pendingInvitations(ctx) } : {}),
      nextCursor:
        rows.length > input.limit && last
          ? encodeCursor("team.list", { at: last.createdAt.toISOString(), id: last.userId })
          : null,
    };
  },
});

async function lastActivity(ctx: BrandContext, userIds: string[]): Promise<Map<string, Date>> {
  if (userIds.length === 0) return new Map();
  const groups = await ctx.db.auditEntry.groupBy({
    by: ["userId"],
    where: { brandId: ctx.brand.id, userId: { in: userIds }, outcome: { in: ["ok", "replayed"] } },
    _max: { at: true },
  });
  return new Map(groups.flatMap((group) => (group.userId && group._max.at ? [[group.userId, group._max.at]] : [])));
}

async function pendingInvitations(ctx: BrandContext) {
  const rows = await ctx.db.teamInvitation.findMany({
    where: { brandId: ctx.brand.id, acceptedAt: null, revokedAt: null, expiresAt: { gt: ctx.now } },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: INVITATIONS_SHOWN,
  });
  return rows.map((row) => ({
    id: row.id,
    email: row.email,
    role: row.role as Role,
    accessUntil: row.accessUntil?.toISOString() ?? null,
    expiresAt: row.expiresAt.toISOString(),
  }));
}
