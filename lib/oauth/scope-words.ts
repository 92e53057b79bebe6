// What each scope lets an app do, in the words the consent page and Connected apps show.
import type { Scope } from "../contract/catalogue";

export const SCOPE_WORDS: Record<Scope, string> = {
  "brand.read": "See the brand's profile, contacts, voice and overview",
  "brand.write": "Change the brand's profile and contacts",
  "kit.read": "See the brand kit: logos, colours, typography and instructions",
  "kit.write": "Add colours and change the kit's instructions",
  "library.read": "Search the library and open its files",
  "library.write": "Upload files and review proposed ones",
  "questions.read": "See the brand's open questions and answers",
  "questions.write": "Ask and answer the brand's questions",
  "connections.read": "See which accounts (social networks, e-mail) are connected",
  "connections.write": "Connect and disconnect accounts",
  "activity.read": "See the brand's activity: who changed what",
  "webhooks.read": "See the brand's webhook endpoints and their delivery logs",
  "webhooks.write": "Add, change and remove the brand's webhook endpoints, which receive its events",
  "memory.read": "See what the brand's memory holds and what is proposed for it",
  "memory.write": "Propose declarations for the brand's memory and accept or reject proposals",
  "genome.read": "See the entries the brand voice is built from, proposed ones included, and where each came from",
  "genome.write": "Propose entries for the brand voice and approve, reject or retire them",
  "team.read": "See the brand's people, their roles and when their access ends",
  "team.write": "Invite people to the brand, change their roles and end of access, and remove them",
  "activity.write": "Undo the brand's earlier changes (each undo confirmed by a person)",
};

export const isReadScope = (scope: string) => scope.endsWith(".read");

// what each scope's area is called where a list shows many scopes in a row (the keys list)
const AREA_WORDS: Record<string, string> = {
  brand: "profile",
  kit: "brand kit",
  library: "library",
  questions: "questions",
  connections: "connected accounts",
  activity: "activity",
  webhooks: "webhooks",
  memory: "memory",
  genome: "brand voice",
  team: "team",
};

/** "questions.read" → "see questions", "kit.write" → "change brand kit"; activity.write is undoing. */
export function scopeInShortWords(scope: string): string {
  if (scope === "activity.write") return "undo changes";
  const [area = "", access = ""] = scope.split(".");
  return `${access === "read" ? "see" : "change"} ${AREA_WORDS[area] ?? area}`;
}
