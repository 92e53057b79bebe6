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
  input: z.object({ connectionId: z.uuid().describe("Id of the connection, from connections.list") }).strict(),
  output: writeOutput,
  async summarize(ctx, input) {
    const connection = await ctx.db.connection.findFirst({ where: { id: input.connectionId, brandId: ctx.brand.id }, select: { provider: true, account: true } });
    const what = connection ? `${connection.provider}${connection.account ? ` account ${connection.account}` : ""}` : `connection ${input.connectionId}`;
    return `Disconnect ${what}, revoke its grant and stop its scheduled posts.`;
  },
});
