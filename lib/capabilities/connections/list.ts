import { z } from "zod";
import { defineCapability } from "../define";

// Not implemented yet (next issue): without execute it is not served and answers not_found.
export const connectionsList = defineCapability({
  id: "connections.list",
  kind: "read",
  scope: "connections.read",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  status: "planned",
  widget: "list",
  title: "List integrations",
  description: "The brand's integrations with their status, plus optionally the providers available to connect.",
  input: z.object({ includeCatalog: z.boolean().default(false).describe("Also list the providers that can be connected") }).strict(),
  output: z
    .object({
      items: z.array(
        z
          .object({
            id: z.uuid(),
            provider: z.string(),
            account: z.string().nullable(),
            status: z.enum(["connected", "needs_attention", "disconnected", "pending_setup"]),
            connectedAt: z.string().nullable(),
          })
          .strict(),
      ),
      catalog: z.array(z.object({ provider: z.string(), name: z.string(), available: z.boolean() }).strict()).optional(),
    })
    .strict(),
});
