// Who may propose and who may review, the same in every area that follows the review flow (flow.ts):
// the facts a proposing and a reviewing capability spread into their definitions.
import type { Door } from "../contract/catalogue";
import type { Role } from "../contract/roles";

type Facts = { kind: "write"; minRole: Role; confirmation: boolean; doors: readonly Door[] };

/**
 * Any member proposes, or the assistant for one, by every door. No confirmation: nothing the brand
 * relies on changes until an admin accepts the proposal.
 */
export const PROPOSING = {
  kind: "write",
  minRole: "member",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
} as const satisfies Facts;

/**
 * Only an admin decides, and confirms the decision first: it changes what the brand relies on. Not by
 * voice: reviewing is done in the chat, through MCP or the API, where the record is read on a screen.
 */
export const REVIEWING = {
  kind: "write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "mcp", "api"],
} as const satisfies Facts;

/** Where a proposal came from, as both areas keep it: the assistant's model, or a person. */
export const proposalSource = (byModel: boolean) => (byModel ? "assistant" : "person");
