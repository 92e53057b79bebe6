import { z } from "zod";
import { defineCapability } from "../define";
import { writeOutput } from "../schemas";

// Not implemented yet (next issue): without execute it is not served and answers not_found.
export const connectionsDisconnect = defineCapability({
  id: "connections.disconnect",
  kind: "write",
  scope: "connections.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "mcp", "api"],
  status: "planned",
  widget: "confirm",
  title: "Disconnect an integration",
  description: "Disconnects one integration and revokes its grant. Scheduled posts on that account stop publishing.",
  input: z.object({ connectionId: z.uuid() }).strict(),
  output: writeOutput,
});
