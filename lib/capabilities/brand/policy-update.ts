import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { writeOutput } from "../schemas";
import { AGENTS_CONFIRM_BY, agentsConfirmByField, agentsConfirmByOf } from "./shared/agents-policy";

/** What the brand's policy will be, in the confirmation's words. */
const POLICY_WORDS = {
  person: "Require a person to confirm every write of agents signed in with OAuth",
  either: "Let each connected app's setting decide who confirms its writes",
} as const;

export const brandPolicyUpdate = defineCapability({
  id: "brand.policy.update",
  kind: "write",
  scope: "brand.write",
  minRole: "admin",
  confirmation: true,
  // the person changing who confirms is at a screen: not by voice
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Set who confirms agents' writes",
  description:
    'Sets the brand\'s policy for agents signed in with OAuth (MCP hosts, connected apps): "person" makes every write ' +
    'they ask for wait for their person\'s Confirm in the app, whatever each app was set to; "either" lets each ' +
    "connected app's own setting decide. Personal API keys keep their owner's choice. brand.overview shows the policy.",
  input: z.object({ agentsConfirmBy: agentsConfirmByField() }).strict(),
  output: writeOutput,
  touched: (_input, data) => (data.id ? { kind: "brand", id: data.id } : undefined),
  events: {
    types: {
      "brand.policy.updated": {
        description: "The brand's policy on who confirms the writes of agents signed in with OAuth changed",
        data: z
          .object({
            id: z.uuid().describe("The brand's id"),
            agentsConfirmBy: z.enum(AGENTS_CONFIRM_BY).describe("The policy now: person or either"),
          })
          .strict(),
      },
    },
    emit: async (ctx) => ({
      type: "brand.policy.updated",
      data: { id: ctx.brand.id, agentsConfirmBy: await agentsConfirmByOf(ctx) },
    }),
  },
  // the brand's row as it was: an undo gives the earlier policy back
  undo: { records: (ctx) => [rowRef("brand", ctx.brand.id)] },
  summarize(ctx, input) {
    return `${POLICY_WORDS[input.agentsConfirmBy]} in ${ctx.brand.name}.`;
  },
  async execute(ctx, input) {
    await ctx.db.brand.update({ where: { id: ctx.brand.id }, data: { agentsConfirmBy: input.agentsConfirmBy } });
    return { ok: true as const, id: ctx.brand.id };
  },
});
