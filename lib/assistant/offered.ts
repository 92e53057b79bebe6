// The model and tools of one turn of a person's chat or voice conversation, in one place for both.
// The model is offered exactly the tools the person may call (buildTools: role and door); a model
// that calls one it was not offered (a viewer's "add teal", guessed from the conversation or the
// instructions) still reaches the pipeline, which refuses it as it refuses any caller: the person
// sees the refusal card ("only an admin can"), the model reads why, and nobody reads the AI SDK's
// "Model tried to call unavailable tool". Tools of other doors stay unknown (the SDK's error).
import { wrapLanguageModel, type LanguageModel, type ToolSet } from "ai";
import type { Door } from "../contract/catalogue";
import type { Actor } from "../contract/context";
import type { Capability } from "../contract/define";
import type { Role } from "../contract/roles";
import { isServed } from "../core/rollout";
import { buildTools, toolFor, toolName, type RunTool } from "./tools";

export type PersonTurn = { model: LanguageModel; tools: ToolSet };

export function personModelTools(
  model: LanguageModel,
  list: readonly Capability[],
  actor: Actor,
  role: Role | null,
  door: Door,
  run: RunTool,
  options: { strict?: boolean } = {},
): PersonTurn {
  const offered = buildTools(list, actor, role, door, run, options);
  const refused = list.filter((capability) => isServed(capability, door) && !(toolName(capability.id) in offered));
  if (refused.length === 0) return { model, tools: offered };
  const runnable = Object.fromEntries(
    refused.map((capability) => [toolName(capability.id), toolFor(capability, run, options.strict === true)]),
  );
  const names = new Set(Object.keys(offered));
  const offering = wrapLanguageModel({
    model: model as Parameters<typeof wrapLanguageModel>[0]["model"],
    // the tools the request shows the provider: only the offered ones
    middleware: {
      transformParams: async ({ params }) => ({
        ...params,
        tools: params.tools?.filter((tool) => tool.type !== "function" || names.has(tool.name)),
      }),
    },
  });
  return { model: offering, tools: { ...runnable, ...offered } };
}
