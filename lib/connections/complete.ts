// The return leg of connections.connect: the provider sends the person back with `code` and
// `state` (or `error`). Every outcome is a ConnectionOutcome for a page; nothing here throws on
// purpose. Only the browser that opened the link (lib/connections/start.ts), still signed in as
// the person who asked for it, may complete it; the state is then consumed before anything else
// is done with it, whatever happens next.
import type { PrismaClient } from "../db/generated/client";
import { log } from "../log";
import { providerCatalog } from "./catalog";
import { browserProblem, LINK_GONE, NOT_SIGNED_IN, readLinkState, usable } from "./link-state";
import { exchangeCode, fetchAccount, revokeGrant } from "./oauth-client";
import {
  failed,
  INVALID_LINK,
  notOffered,
  START_AGAIN,
  type Browser,
  type ConnectionOutcome,
  type RecordCompletion,
} from "./outcome";
import { redirectUri } from "./port";
import { sealTokens } from "./tokens";
import { open } from "../vault";

export async function completeConnection(
  db: PrismaClient,
  params: URLSearchParams,
  browser: Browser,
  now: Date,
  recordCompletion: RecordCompletion,
): Promise<ConnectionOutcome> {
  const link = await readLinkState(db, params.get("state"), now);
  if ("kind" in link) return link;
  // checked before the state is used up: a stranger's callback neither connects nor spends the link
  if (!browser) return NOT_SIGNED_IN;
  const stranger = browserProblem(link.row, browser, "callback");
  if (stranger) return stranger;
  const { signed } = link;

  // single use: one conditional update wins, and only for the session the link was bound to
  const consumed = await db.oAuthState.updateMany({
    where: {
      id: signed.id,
      userId: browser.userId,
      sessionId: browser.sessionId,
      usedAt: null,
      expiresAt: { gt: now },
    },
    data: { usedAt: now },
  });
  if (consumed.count !== 1) {
    // another callback or another browser got there first
    const current = await db.oAuthState.findUnique({ where: { id: signed.id } });
    return (current && (usable(current, now) ?? browserProblem(current, browser, "callback"))) ?? LINK_GONE;
  }
  const state = link.row;

  const connection = await db.connection.findUnique({ where: { id: state.connectionId } });
  const brand =
    connection &&
    (await db.brand.findUnique({ where: { id: connection.brandId }, select: { name: true, status: true } }));
  if (!connection || !brand || connection.provider !== signed.provider) return INVALID_LINK;
  if (connection.status !== "pending_setup") {
    return failed(
      409,
      "This connection is no longer waiting",
      `It was completed or cancelled meanwhile; connections.list shows where it stands.`,
    );
  }
  if (brand.status !== "active")
    return failed(409, "This brand is read-only", `${brand.name} is ${brand.status}; nothing was connected.`);
  const provider = providerCatalog().available(connection.provider);
  if (!provider) return notOffered(connection.provider);

  const refused = params.get("error");
  if (refused) {
    const description = params.get("error_description")?.slice(0, 300);
    const what =
      refused === "access_denied"
        ? "Access was not granted"
        : `${provider.name} reported an error: ${refused.slice(0, 60)}`;
    return failed(
      refused === "access_denied" ? 200 : 502,
      what,
      `${description ? `${provider.name} says: ${description}. ` : ""}Nothing was connected. ${START_AGAIN}`,
    );
  }
  const code = params.get("code");
  if (!code) return failed(400, "The provider sent no authorization code", `Nothing was connected. ${START_AGAIN}`);

  let tokens: Awaited<ReturnType<typeof exchangeCode>>;
  try {
    tokens = await exchangeCode(
      provider,
      { code, codeVerifier: open(state.codeVerifier, `oauth-state:${state.id}`), redirectUri: redirectUri() },
      now,
    );
  } catch (error) {
    log.error(
      { connectionId: connection.id },
      `connection ${connection.id}: code exchange at ${provider.name} failed: ${(error as Error).message}`,
    );
    return failed(
      502,
      `${provider.name} did not complete the connection`,
      `It refused the authorization or could not be reached. Nothing was connected. ${START_AGAIN}`,
    );
  }
  // the account name is a courtesy: a connection works without it
  const account = await fetchAccount(provider, tokens.accessToken).catch((error: Error) => {
    log.warn(
      { connectionId: connection.id },
      `connection ${connection.id}: reading the account at ${provider.name} failed: ${error.message}`,
    );
    return null;
  });

  // a write like any other: the connection, its activity entry and its event commit together
  const completed = await db.$transaction(async (tx) => {
    const marked = await tx.connection.updateMany({
      where: { id: connection.id, status: "pending_setup" },
      data: {
        status: "connected",
        account,
        tokensEncrypted: sealTokens(tokens, connection.id),
        connectedAt: now,
        updatedAt: now,
      },
    });
    if (marked.count !== 1) return marked;
    const { brandId } = connection;
    await recordCompletion(
      tx,
      { connectionId: connection.id, brandId, userId: state.userId, providerName: provider.name, account },
      now,
    );
    return marked;
  });
  if (completed.count !== 1) {
    // cancelled while the person was at the provider: the grant just obtained is not kept
    await revokeGrant(provider, tokens).catch((error: Error) =>
      log.error(
        { connectionId: connection.id },
        `connection ${connection.id}: revoking an unused grant failed: ${error.message}`,
      ),
    );
    return failed(409, "This connection was cancelled meanwhile", "Nothing was connected.");
  }
  return {
    kind: "connected",
    connectionId: connection.id,
    providerName: provider.name,
    account,
    brandName: brand.name,
  };
}
