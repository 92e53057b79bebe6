import { randomUUID } from "node:crypto";
import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { invalidInput } from "../../contract/errors";
import { iso } from "../../contract/time";
import { timestamp } from "../schemas";
import { createPkce, signState, STATE_LIFETIME_MS } from "../../connections/state";
import { seal } from "../../vault";
import { providerMeant } from "./shared/provider-name";
import { connectionItem, connectionItemOf } from "./shared/records";

const HOUR_MS = 60 * 60 * 1000;

export const connectionsConnect = defineCapability({
  id: "connections.connect",
  kind: "write",
  scope: "connections.write",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "mcp", "api"],
  phase: "planned",
  widget: "action_link",
  title: "Connect an integration",
  undo: {
    not: "It only handed out a link to sign in with the provider; nothing changed that an undo could take back. Disconnect the account once it is connected instead.",
  },
  description:
    "Returns the provider's authorization link for the person making this call to open in their own browser; anyone else who opens it is refused. Credentials are never requested or accepted in the conversation.",
  input: z
    .object({
      provider: z
        .string()
        .trim()
        .min(1)
        .max(60)
        .transform((key) => key.toLowerCase())
        .describe(
          "Provider key or name from the catalog of connections.list (includeCatalog: true), e.g. linkedin or LinkedIn",
        ),
    })
    .strict(),
  output: z
    .object({
      authorizationUrl: z
        .url()
        .describe(
          "Link for the person making this call to open in a browser, signed in to this service as themselves (a browser without a sign-in asks them to sign in first); it leads to the provider's consent page",
        ),
      expiresAt: timestamp().describe("The link works once, until this time (10 minutes)"),
      name: z.string().describe("The provider's name, as people know it, e.g. LinkedIn"),
      connectionId: z
        .uuid()
        .describe(
          "The connection the link completes: connections.list shows it pending_setup until the person authorizes it, then connected",
        ),
    })
    .strict(),
  // the page that shows the link learns when that connection changes (the callback tells it too)
  touched: (_input, data) => ({ kind: "connection", id: data.connectionId }),
  events: {
    types: {
      "connection.link_issued": {
        description:
          "A person asked to connect an integration: the connection is pending until they authorize it at the provider (the link is not part of the event)",
        data: connectionItem,
      },
      // recorded by the provider's callback, in the transaction that completes the connection
      // (lib/connections/completion-record.ts), by whoever asked for the link
      "connection.connected": {
        description:
          "An integration was connected: the person authorized it at the provider, and the connection has its account",
        data: connectionItem,
      },
    },
    async emit(ctx, _input, data) {
      return {
        type: "connection.link_issued",
        data: await connectionItemOf(ctx.db, ctx.brand.id, data.connectionId, ctx.connections.catalog()),
      };
    },
  },
  async check(ctx, input) {
    const meant = providerMeant(ctx.connections.catalog(), input.provider);
    if (ctx.connections.available(meant.provider)) return;
    throw invalidInput("provider", `${meant.name} is in the catalog but not configured on this service yet`, {
      reason: "not_available",
    });
  },
  summarize: (ctx, input) =>
    `Start connecting ${providerMeant(ctx.connections.catalog(), input.provider).name} to ${ctx.brand.name} (a person finishes it on the provider's page).`,
  async execute(ctx, input) {
    // check() ran in this transaction: the provider meant is in the catalog and configured
    const provider = ctx.connections.available(providerMeant(ctx.connections.catalog(), input.provider).provider)!;
    // a pending connection is reused, so opening several links never piles up connections
    const pending = await ctx.db.connection.findFirst({
      where: { brandId: ctx.brand.id, provider: provider.provider, status: "pending_setup" },
      orderBy: { createdAt: "desc" },
      select: { id: true },
    });
    const connectionId = pending?.id ?? randomUUID();
    if (!pending) {
      await ctx.db.connection.create({
        data: {
          id: connectionId,
          brandId: ctx.brand.id,
          provider: provider.provider,
          status: "pending_setup",
          createdAt: ctx.now,
          updatedAt: ctx.now,
        },
      });
    } else {
      // links of this connection that expired long ago can never be used again
      await ctx.db.oAuthState.deleteMany({
        where: { connectionId, expiresAt: { lt: new Date(ctx.now.getTime() - HOUR_MS) } },
      });
    }
    const { verifier } = createPkce();
    const stateId = randomUUID();
    const expiresAt = new Date(ctx.now.getTime() + STATE_LIFETIME_MS);
    // the link is this person's: whoever opens it must be signed in as them (lib/connections/start.ts)
    await ctx.db.oAuthState.create({
      data: {
        id: stateId,
        connectionId,
        userId: ctx.actor.userId,
        codeVerifier: seal(verifier, `oauth-state:${stateId}`),
        expiresAt,
        createdAt: ctx.now,
      },
    });
    const state = signState({ id: stateId, provider: provider.provider });
    return {
      authorizationUrl: ctx.connections.linkUrl(state),
      expiresAt: iso(expiresAt),
      name: provider.name,
      connectionId,
    };
  },
});
