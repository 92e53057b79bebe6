// The return leg of connections.connect: the provider sends the person back with `code` and
// `state` (or `error`). Every outcome is a CallbackOutcome for a page; nothing here throws on
// purpose. The state is consumed before anything else is done with it, whatever happens next.
import type { PrismaClient } from "../db/generated/client";
import { log } from "../log";
import { providerCatalog } from "./catalog";
import { exchangeCode, fetchAccount, revokeGrant } from "./oauth-client";
import { redirectUri } from "./port";
import { verifyState } from "./state";
import { sealTokens } from "./tokens";
import { open } from "./vault";

export type CallbackOutcome =
  | { kind: "connected"; providerName: string; account: string | null; brandName: string }
  | { kind: "failed"; status: number; title: string; detail: string };

const failed = (status: number, title: string, detail: string): CallbackOutcome => ({ kind: "failed", status, title, detail });

const START_AGAIN = "Ask for a new link (connections.connect) and open it within 10 minutes.";
const INVALID_LINK = failed(400, "This link is not valid", `It was not issued by this service or it was altered. ${START_AGAIN}`);

export async function completeConnection(db: PrismaClient, params: URLSearchParams, now: Date): Promise<CallbackOutcome> {
  const signed = verifyState(params.get("state") ?? "");
  if (!signed) return INVALID_LINK;

  // single use: one conditional update wins; an expired, used or unknown state changes nothing
  const consumed = await db.oAuthState.updateMany({ where: { id: signed.id, usedAt: null, expiresAt: { gt: now } }, data: { usedAt: now } });
  const state = await db.oAuthState.findUnique({ where: { id: signed.id } });
  if (consumed.count !== 1) {
    if (!state) return failed(400, "This link is no longer valid", `The connection it belonged to was cancelled or replaced. ${START_AGAIN}`);
    if (state.usedAt) return failed(400, "This link was already used", `Each link works once. ${START_AGAIN}`);
    return failed(400, "This link has expired", `Links work for 10 minutes. ${START_AGAIN}`);
  }

  const connection = await db.connection.findUnique({ where: { id: state!.connectionId } });
  const brand = connection && (await db.brand.findUnique({ where: { id: connection.brandId }, select: { name: true, status: true } }));
  if (!connection || !brand || connection.provider !== signed.provider) return INVALID_LINK;
  if (connection.status !== "pending_setup") {
    return failed(409, "This connection is no longer waiting", `It was completed or cancelled meanwhile; connections.list shows where it stands.`);
  }
  if (brand.status !== "active") return failed(409, "This brand is read-only", `${brand.name} is ${brand.status}; nothing was connected.`);
  const provider = providerCatalog().available(connection.provider);
  if (!provider) return failed(409, "This provider is no longer offered", `${connection.provider} is not configured on this service any more; nothing was connected.`);

  const refused = params.get("error");
  if (refused) {
    const description = params.get("error_description")?.slice(0, 300);
    const what = refused === "access_denied" ? "Access was not granted" : `${provider.name} reported an error: ${refused.slice(0, 60)}`;
    return failed(refused === "access_denied" ? 200 : 502, what, `${description ? `${provider.name} says: ${description}. ` : ""}Nothing was connected. ${START_AGAIN}`);
  }
  const code = params.get("code");
  if (!code) return failed(400, "The provider sent no authorization code", `Nothing was connected. ${START_AGAIN}`);

  let tokens;
  try {
    tokens = await exchangeCode(provider, { code, codeVerifier: open(state!.codeVerifier, `oauth-state:${state!.id}`), redirectUri: redirectUri() }, now);
  } catch (error) {
    log.error({ connectionId: connection.id }, `connection ${connection.id}: code exchange at ${provider.name} failed: ${(error as Error).message}`);
    return failed(502, `${provider.name} did not complete the connection`, `It refused the authorization or could not be reached. Nothing was connected. ${START_AGAIN}`);
  }
  // the account name is a courtesy: a connection works without it
  const account = await fetchAccount(provider, tokens.accessToken).catch((error: Error) => {
    log.warn({ connectionId: connection.id }, `connection ${connection.id}: reading the account at ${provider.name} failed: ${error.message}`);
    return null;
  });

  const completed = await db.connection.updateMany({
    where: { id: connection.id, status: "pending_setup" },
    data: { status: "connected", account, tokensEncrypted: sealTokens(tokens, connection.id), connectedAt: now, updatedAt: now },
  });
  if (completed.count !== 1) {
    // cancelled while the person was at the provider: the grant just obtained is not kept
    await revokeGrant(provider, tokens).catch((error: Error) => log.error({ connectionId: connection.id }, `connection ${connection.id}: revoking an unused grant failed: ${error.message}`));
    return failed(409, "This connection was cancelled meanwhile", "Nothing was connected.");
  }
  return { kind: "connected", providerName: provider.name, account, brandName: brand.name };
}
