// The closed lists every capability is described with (docs/design.md, rollout): the doors that
// serve it, the scope a key needs for it, the widget that shows its result, and the tool name it
// has on MCP.

export const DOORS = ["assistant", "voice", "mcp", "api"] as const;
export type Door = (typeof DOORS)[number];

export const SCOPES = [
  "questions.read",
  "questions.write",
  "brand.read",
  "brand.write",
  "library.read",
  "library.write",
  "connections.read",
  "connections.write",
  "kit.read",
  "kit.write",
  // added after the specification's ten (versioning rule 2: additive), for activity.list
  "activity.read",
  // for the webhooks.* capabilities (additive, like activity.read)
  "webhooks.read",
  "webhooks.write",
  // for the memory.* capabilities: keys made before them do not gain them
  "memory.read",
  "memory.write",
  // for the genome.* capabilities: keys made before them do not gain them
  "genome.read",
  "genome.write",
  // for the team.* capabilities: keys made before them do not gain them
  "team.read",
  "team.write",
  // for activity.undo: keys made before it do not gain it
  "activity.write",
] as const;
export type Scope = (typeof SCOPES)[number];

export const isScope = (name: string): name is Scope => (SCOPES as readonly string[]).includes(name);

export const WIDGETS = [
  "choice",
  "carousel",
  "palette",
  "confirm",
  "record",
  "list",
  "review",
  "file_request",
  "action_link",
  // brand.check: a verdict and its findings
  "check",
  "memory",
  "genome",
  // team.list: the people, their roles and the waiting invitations
  "team",
] as const;
export type Widget = (typeof WIDGETS)[number];

/** MCP tool name: the id with dots replaced by underscores (spec). */
export function mcpToolName(id: string): string {
  return id.replaceAll(".", "_");
}
