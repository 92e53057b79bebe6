import { z } from "zod";
import type { BrandContext } from "../../contract/context";
import { defineCapability } from "../../contract/define";
import { recordId, writeOutput } from "../schemas";
import { invalidInput, notFound } from "../../contract/errors";
import { openTokens, type ProviderTokens } from "../../connections/tokens";
import { log } from "../../log";
import { attemptRevocation, enqueueRevocation } from "../../connections/revocation-outbox";
import { connectionItem, connectionItemOf } from "./shared/records";

async function findConnection(ctx: BrandContext, connectionId: string) {
  const connection = await ctx.db.connection.findFirst({
    where: { id: connectionId, brandId: ctx.brand.id },
    select: { id: true, provider: true, account: true, status: true, tokensEncrypted: true },
  });
  // another brand's connection is not_found too: no existence oracle (docs/design.md, errors)
  if (!connection) throw notFound("connectionId", "connection");
  if (connection.status === "disconnected") {
    throw invalidInput("connectionId", "this connection is already disconnected", { reason: "already_disconnected" });
  }
  return connection;
}

export const connectionsDisconnect = defineCapability({
  id: "connections.disconnect",
  kind: "write",
  scope: "connections.write",
  minRole: "admin",
  confirmation: true,
  destructive: true,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Disconnect an integration",
  undo: { not: "The account's grant was revoked at the provider and cannot be brought back: connect again instead." },
  description: "Disconnects one integration and revokes its grant. Scheduled posts on that account stop publishing.",
  input: z.object({ connectionId: recordId().describe("Id of the connection, from connections.list") }).strict(),
  output: writeOutput,
  touched: (_input, data) => (data.id ? { kind: "connection", id: data.id } : undefined),
  events: {
    types: {
      "connection.disconnected": {
        description: "An integration was disconnected; its scheduled posts stopped",
        data: connectionItem,
      },
    },
    emit: async (ctx, _input, data) => ({
      type: "connection.disconnected",
      data: await connectionItemOf(ctx.db, ctx.brand.id, data.id!, ctx.connections.catalog()),
    }),
  },
  async summarize(ctx, input) {
    const connection = await findConnection(ctx, input.connectionId);
    const name =
      ctx.connections.catalog().find((entry) => entry.provider === connection.provider)?.name ?? connection.provider;
    if (connection.status === "pending_setup") return `Cancel the pending ${name} connection of ${ctx.brand.name}.`;
    const posts = await ctx.db.scheduledPost.count({ where: { connectionId: connection.id, status: "scheduled" } });
    const what = `${name}${connection.account ? ` account ${connection.account}` : ""}`;
    const revocable = Boolean(ctx.connections.available(connection.provider)?.revocationUrl);
    const grant = !connection.tokensEncrypted
      ? []
      : [revocable ? "revoke its grant at the provider" : "delete its stored grant"];
    const stop =
      posts === 0 ? "no scheduled posts to stop" : `stop its ${posts} scheduled post${posts === 1 ? "" : "s"}`;
    return `Disconnect ${what} from ${ctx.brand.name}: ${[...grant, stop].join("; ")}.`;
  },
  async check(ctx, input) {
    await findConnection(ctx, input.connectionId);
  },
  async execute(ctx, input) {
    const connection = await findConnection(ctx, input.connectionId);
    const tokens = readTokens(connection.id, connection.tokensEncrypted);
    // locally first, atomically: the tokens are gone, the state is final, the posts stop
    await ctx.db.connection.update({
      where: { id: connection.id },
      data: { status: "disconnected", tokensEncrypted: null, updatedAt: ctx.now },
    });
    await ctx.db.scheduledPost.updateMany({
      where: { connectionId: connection.id, status: "scheduled" },
      data: { status: "stopped" },
    });
    // links still out for this connection must not complete it any more
    await ctx.db.oAuthState.deleteMany({ where: { connectionId: connection.id } });
    // The provider is told only once this has committed: revoking first and then failing to
    // commit would leave a connection that looks connected with a dead grant. The revocation owed
    // is recorded in this same transaction, tried right after the commit, and retried from the
    // outbox while the provider is down (lib/connections/revocation-outbox.ts); a provider that is
    // down never undoes the disconnect.
    const provider = ctx.connections.available(connection.provider);
    if (tokens && provider?.revocationUrl) {
      const owed = await enqueueRevocation(
        ctx.db,
        { connectionId: connection.id, brandId: ctx.brand.id, provider: connection.provider, tokens },
        ctx.now,
      );
      ctx.afterCommit(async () => void (await attemptRevocation(owed)));
    } else if (tokens && !provider) {
      log.error(
        { requestId: ctx.requestId, connectionId: connection.id },
        `connection ${connection.id} disconnected; ${connection.provider} is no longer configured, so its grant was not revoked`,
      );
    }
    return { ok: true as const, id: connection.id };
  },
});

/** The stored grant, or undefined when there is none or it cannot be opened (APP_SECRET changed). */
function readTokens(connectionId: string, sealed: string | null): ProviderTokens | undefined {
  if (!sealed) return undefined;
  try {
    return openTokens(sealed, connectionId);
  } catch (error) {
    log.error(
      { connectionId },
      `connection ${connectionId}: stored tokens cannot be opened (${(error as Error).message}); disconnecting without revocation`,
    );
    return undefined;
  }
}
