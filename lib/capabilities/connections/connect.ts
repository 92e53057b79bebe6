import { z } from "zod";
import { defineCapability } from "../define";

// Not implemented yet (next issue): without execute it is not served and answers not_found.
export const connectionsConnect = defineCapability({
  id: "connections.connect",
  kind: "write",
  scope: "connections.write",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  status: "planned",
  widget: "action_link",
  title: "Connect an integration",
  description:
    "Returns the provider's authorization link for a person to open. Credentials are never requested or accepted in the conversation.",
  input: z.object({ provider: z.string().min(1).max(60).describe("Provider key from the catalog of connections.list") }).strict(),
  output: z.object({ authorizationUrl: z.url(), expiresAt: z.string() }).strict(),
});
