import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { PROFILE_FIELDS } from "./shared/profile-fields";
import { int53 } from "../schemas";
import { pendingMemoryWhere } from "../memory/shared/records";
import { agentsConfirmByOf, agentsConfirmByField } from "./shared/agents-policy";

export const brandOverview = defineCapability({
  id: "brand.overview",
  kind: "read",
  scope: "brand.read",
  minRole: "viewer",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "record",
  title: "Brand overview",
  description:
    "Entry point, called first in every conversation: the brand's name and short id, plan, Brand Manager, " +
    "counts of active works, pending tasks and pending memory, the caller's role, and the capabilities the caller may use.",
  input: z.object({}).strict(),
  output: z
    .object({
      id: z.uuid(),
      shortId: z.string().describe("Human id of the form <letters>-<number>"),
      name: z.string(),
      plan: z.string().nullable(),
      manager: z.object({ id: z.uuid(), name: z.string(), avatarUrl: z.string().nullable() }).nullable(),
      counts: z.object({ activeWorks: int53(), pendingTasks: int53(), pendingMemory: int53() }),
      role: z.enum(["viewer", "member", "admin"]).nullable().describe("The caller's brand role; null for staff"),
      capabilities: z.array(z.string()).describe("Capability ids the caller may use in this brand through this door"),
      revision: int53().describe("Genome revision that brand.profile.update expects"),
      // additive, like revision: what brand.profile.update changes, so a form can start from it
      profile: z
        .object({
          displayName: z.string().nullable(),
          countryCode: z.string().nullable().describe("ISO 3166-1 alpha-2"),
          city: z.string().nullable(),
          organizationType: z.string().nullable(),
          primaryLanguage: z.string().nullable().describe("BCP 47 language tag"),
        })
        .strict()
        .describe("The profile fields brand.profile.update changes, as they are now (null when never set)"),
      // additive, like profile: what brand.policy.update changes, so people and agents see who confirms
      policy: z
        .object({ agentsConfirmBy: agentsConfirmByField() })
        .strict()
        .describe("The brand's policies as they are now: brand.policy.update changes them"),
    })
    .strict(),
  async execute(ctx) {
    const brandId = ctx.brand.id;
    const [genome, manager, activeWorks, pendingTasks, pendingMemory, agentsConfirmBy] = await Promise.all([
      ctx.db.genome.findUnique({
        where: { brandId },
        select: PROFILE_FIELDS,
      }),
      ctx.brand.managerId
        ? ctx.db.user.findUnique({
            where: { id: ctx.brand.managerId },
            select: { id: true, name: true, avatarUrl: true },
          })
        : null,
      ctx.db.work.count({ where: { brandId, status: "active" } }),
      ctx.db.task.count({ where: { brandId, status: "pending" } }),
      ctx.db.memoryDeclaration.count({ where: pendingMemoryWhere(brandId) }),
      agentsConfirmByOf(ctx),
    ]);
    return {
      id: brandId,
      shortId: ctx.brand.shortId,
      name: genome?.displayName ?? ctx.brand.name,
      plan: ctx.brand.plan,
      manager,
      counts: { activeWorks, pendingTasks, pendingMemory },
      role: ctx.role,
      capabilities: ctx.callableCapabilities(),
      revision: genome?.revision ?? 1,
      profile: {
        displayName: genome?.displayName ?? null,
        countryCode: genome?.countryCode ?? null,
        city: genome?.city ?? null,
        organizationType: genome?.organizationType ?? null,
        primaryLanguage: genome?.primaryLanguage ?? null,
      },
      policy: { agentsConfirmBy },
    };
  },
});
