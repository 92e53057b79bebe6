import { z } from "zod";
import type { BrandContext } from "../../contract/context";
import { defineCapability } from "../../contract/define";
import { config } from "../../config";
import { monthOf, personShareOf, planOf } from "../../plans";

// Who spent what of the brand's AI tokens in one month: the chat and voice of each person,
// most first, beside the plan's limit and the share one person may use, so an admin can see who is
// near their share before the brand runs dry.
const MONTH = /^\d{4}-(0[1-9]|1[0-2])$/;

const person = z
  .object({
    userId: z.string(),
    name: z.string().describe('The person\'s name ("A former member" when their account is gone)'),
    email: z.string().optional().describe("Their e-mail; absent when their account is gone"),
    spent: z.int().min(0).describe("Tokens their chat and voice used this month"),
    share: z.number().min(0).describe("spent as a fraction of the brand's monthly limit (0.25 is a quarter)"),
    sessions: z.int().min(0).describe("Realtime voice sessions they started this month"),
  })
  .strict();

const output = z
  .object({
    month: z.string().describe("The month read, YYYY-MM (UTC)"),
    limit: z.int().min(0).describe("The brand's AI tokens a month, from its plan"),
    spent: z.int().min(0).describe("Tokens the brand used this month, everyone together"),
    personLimit: z
      .int()
      .min(0)
      .describe("The most one person may use of the month; past it they get 402 budget_exceeded, reason person_share"),
    people: z.array(person).describe("Everyone who used tokens or started voice this month, most tokens first"),
  })
  .strict();

/** What budget.usage answers (the Activity page's chart reads it). */
export type BudgetUsage = z.output<typeof output>;

export const budgetUsage = defineCapability({
  id: "budget.usage",
  kind: "read",
  // who did what in the brand, as the activity trail: for the brand's admins
  scope: "activity.read",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "record",
  title: "AI budget by person",
  description:
    "Who spent what of the brand's monthly AI tokens (assistant chat and voice): the plan's limit, the tokens spent, " +
    "the most one person may spend (personLimit), and per person their tokens, their share of the limit and the " +
    "voice sessions they started, most first. For the brand's admins. Read-only.",
  input: z
    .object({
      month: z
        .string()
        .regex(MONTH, "must be a month written like 2026-11")
        .optional()
        .describe("The month as YYYY-MM (UTC); default the current month"),
    })
    .strict(),
  output,
  async execute(ctx, input) {
    const month = input.month ?? monthOf(ctx.now);
    const limit = planOf(ctx.brand.plan).aiTokensPerMonth;
    const [brandRow, rows] = await Promise.all([
      ctx.db.aiUsage.findUnique({ where: { brandId_month: { brandId: ctx.brand.id, month } } }),
      ctx.db.aiPersonUsage.findMany({
        where: { brandId: ctx.brand.id, month, OR: [{ tokens: { gt: 0 } }, { voiceSessions: { gt: 0 } }] },
        orderBy: [{ tokens: "desc" }, { userId: "asc" }],
        take: 500,
      }),
    ]);
    const names = await namesOf(
      ctx,
      rows.map((row) => row.userId),
    );
    return {
      month,
      limit,
      spent: brandRow?.tokens ?? 0,
      personLimit: personShareOf(limit, config().AI_PERSON_SHARE_PERCENT),
      people: rows.map((row) => {
        const known = names.get(row.userId);
        return {
          userId: row.userId,
          name: known?.name ?? "A former member",
          ...(known ? { email: known.email } : {}),
          spent: row.tokens,
          share: limit > 0 ? Math.round((row.tokens / limit) * 10_000) / 10_000 : 0,
          sessions: row.voiceSessions,
        };
      }),
    };
  },
});

async function namesOf(ctx: BrandContext, ids: string[]): Promise<Map<string, { name: string; email: string }>> {
  if (ids.length === 0) return new Map();
  const users = await ctx.db.user.findMany({
    where: { id: { in: ids } },
    select: { id: true, name: true, email: true },
  });
  return new Map(users.map((user) => [user.id, { name: user.name, email: user.email }]));
}
