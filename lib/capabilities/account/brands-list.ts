import { z } from "zod";
import { defineAccountCapability } from "../../contract/define";
import { cursorField, limitField, nextCursor } from "../schemas";
import { decodeCursor, encodeCursor } from "../../contract/cursor";
import { isRole } from "../../contract/roles";
import { liveMembership } from "../../team/live-membership";

const position = z.object({ key: z.string() }).strict();

export const brandsList = defineAccountCapability({
  id: "brands.list",
  kind: "read",
  scope: null,
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "available",
  widget: "list",
  title: "List my brands",
  description:
    "The brands this caller can use (limited by the key's brand list), with status and the caller's role; " +
    "pass a brand's shortId as `brand` to every other capability.",
  input: z.object({ cursor: cursorField(), limit: limitField(20) }).strict(),
  output: z
    .object({
      items: z.array(
        z
          .object({
            id: z.uuid(),
            shortId: z.string(),
            name: z.string(),
            status: z.enum(["active", "closed", "archived"]),
            role: z.enum(["viewer", "member", "admin"]).nullable().describe("null for staff"),
          })
          .strict(),
      ),
      nextCursor: nextCursor(),
    })
    .strict(),
  async execute(ctx, input) {
    const after = decodeCursor("brands.list", input.cursor, position);
    const { actor } = ctx;
    const brands = await ctx.db.brand.findMany({
      where: {
        ...(actor.brandIds ? { id: { in: [...actor.brandIds] } } : {}),
        // staff may act in every brand; others in the brands they are members of
        // an access that ended (accessUntil passed) lists the brand no more
        ...(actor.staff ? {} : { memberships: { some: { userId: actor.userId, ...liveMembership(ctx.now) } } }),
        ...(after ? { shortIdKey: { gt: after.key } } : {}),
      },
      orderBy: { shortIdKey: "asc" },
      take: input.limit + 1,
      select: {
        id: true,
        shortId: true,
        shortIdKey: true,
        name: true,
        status: true,
        memberships: { where: { userId: actor.userId, ...liveMembership(ctx.now) }, select: { role: true } },
        genome: { select: { displayName: true } },
      },
    });
    const page = brands.slice(0, input.limit);
    return {
      items: page.map((brand) => {
        const role = brand.memberships[0]?.role;
        return {
          id: brand.id,
          shortId: brand.shortId,
          name: brand.genome?.displayName ?? brand.name,
          status: brand.status as "active" | "closed" | "archived",
          role: actor.staff || !role || !isRole(role) ? null : role,
        };
      }),
      nextCursor: brands.length > input.limit ? encodeCursor("brands.list", { key: page.at(-1)!.shortIdKey }) : null,
    };
  },
});
