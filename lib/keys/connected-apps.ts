// A person's grants to MCP clients ("Connected apps"): written when they consent, listed in
// Security and access, revoked there. A grant names the brands and scopes chosen; the client's
// tokens never reach further (lib/core/app-tokens.ts), and the person's live role bounds both.
import { randomUUID } from "node:crypto";
import { z } from "zod";
import { isScope, SCOPES, type Scope } from "../contract/catalogue";
import { AppError } from "../contract/errors";
import { db } from "../db/client";
import { keyableBrands } from "./keys";
import { answerAuthRequest } from "../auth/authorization-server";
import { config } from "../config";
import { CLIENT_ADDRESS_HEADER, clientAddressOf } from "../http/client-address";
import { OFFLINE_ACCESS } from "../oauth/resource";
import { confirmByField, confirmByOf, type ConfirmBy } from "./confirm-by";

// grant ids are UUIDs (answerConsent): anything else (a NUL included, which PostgreSQL cannot compare) is unknown
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export const consentRequest = z.object({
  /** the consent page's query, signed by the authorization server (its `sig` is checked there) */
  oauthQuery: z.string().min(1).max(8192),
  accept: z.boolean(),
  /** brand short ids */
  brands: z.array(z.string().min(1).max(100)).max(1000).default([]),
  scopes: z.array(z.string().min(1).max(100)).max(SCOPES.length).default([]),
  // an agent's write waits for its person unless the person chose otherwise on this page
  confirmBy: confirmByField.default("person"),
});

/**
 * The person's answer on the consent page. Denied: the client hears access_denied. Allowed: the
 * authorization server records the consent (the scopes ticked, never more than the client asked
 * for) and gives the redirect with the code; then the grant records the brands and who confirms
 * the app's writes (a new consent replaces both). If that last write
 * failed, the code never reaches the client: the URL is only returned after it.
 */
export async function answerConsent(
  userId: string,
  headers: Headers,
  input: z.infer<typeof consentRequest>,
): Promise<{ url: string }> {
  const query = new URLSearchParams(input.oauthQuery);
  const clientId = query.get("client_id") ?? "";
  const requested = (query.get("scope") ?? "").split(" ").filter(Boolean);
  if (!input.accept) return consent({ accept: false, oauth_query: input.oauthQuery }, headers);
  const unknown = input.scopes.find((scope) => !isScope(scope) || !requested.includes(scope));
  if (unknown) throw new AppError("invalid_input", `The app did not ask for ${unknown}`, { field: "scopes" });
  if (input.scopes.length === 0)
    throw new AppError("invalid_input", "Choose at least one thing the app may do", { field: "scopes" });
  const mine = await keyableBrands(db(), userId);
  const chosen = [...new Set(input.brands.map((shortId) => shortId.toLowerCase()))].map((shortId) =>
    mine.find((brand) => brand.shortId.toLowerCase() === shortId),
  );
  if (chosen.length === 0) throw new AppError("invalid_input", "Choose at least one brand", { field: "brands" });
  if (chosen.some((brand) => !brand))
    throw new AppError("forbidden", "You have no access to one of these brands", { field: "brands" });
  const scopes = input.scopes as Scope[];
  // offline_access rides along when asked for (it always is: lib/auth/auth.ts), so a refresh token is issued
  const accepted = requested.includes(OFFLINE_ACCESS) ? [...scopes, OFFLINE_ACCESS] : scopes;
  const answer = await consent({ accept: true, scope: accepted.join(" "), oauth_query: input.oauthQuery }, headers);
  const brandIds = chosen.map((brand) => brand!.id);
  const now = new Date();
  const { confirmBy } = input;
  await db().appGrant.upsert({
    where: { userId_clientId: { userId, clientId } },
    create: { id: randomUUID(), userId, clientId, brandIds, scopes, confirmBy, createdAt: now, updatedAt: now },
    update: { brandIds, scopes, confirmBy, updatedAt: now },
  });
  return answer;
}

/**
 * The authorization server's consent endpoint, called as the browser would (its authorize step
 * needs a request: the person's cookie, this service's Origin, the client's address), through the
 * same guard as the browser's own requests: a Deny for an app on an untrusted address leads to our
 * error page. Its refusals (a forged, expired or spent query) become the spec's error body.
 */
async function consent(
  body: { accept: boolean; scope?: string; oauth_query: string },
  headers: Headers,
): Promise<{ url: string }> {
  const appUrl = config().APP_URL;
  const request = new Request(new URL("/api/auth/oauth2/consent", appUrl), {
    method: "POST",
    headers: {
      Cookie: headers.get("cookie") ?? "",
      Origin: new URL(appUrl).origin,
      "Content-Type": "application/json",
      Accept: "application/json",
      // better-auth limits requests per client address, read from this header (lib/auth/auth.ts);
      // without it every person's consent fell in one shared bucket, which one client could empty
      [CLIENT_ADDRESS_HEADER]: clientAddressOf(headers),
    },
    body: JSON.stringify(body),
  });
  const response = await answerAuthRequest(request);
  if (response.status === 429) throw tooManyConsents(response);
  const answer = (await response.json().catch(() => null)) as { url?: unknown } | null;
  if (!response.ok || typeof answer?.url !== "string") throw expired();
  return { url: answer.url };
}

/** The limit's refusal as the API door's: the request is still valid, only not now. */
function tooManyConsents(response: Response): AppError {
  const retryAfterSeconds = Math.max(1, Number(response.headers.get("x-retry-after")) || 60);
  return new AppError("rate_limited", `Too many consent answers from this address; retry in ${retryAfterSeconds} s`, {
    retryAfterSeconds,
  });
}

const expired = () =>
  new AppError("invalid_input", "This authorization request is no longer valid; start again from the app", {
    field: "oauthQuery",
  });

export type ConnectedApp = {
  id: string;
  clientId: string;
  name: string;
  verified: boolean;
  uri: string | null;
  brands: { shortId: string; name: string }[];
  scopes: string[];
  createdAt: string;
  lastUsedAt: string | null;
  confirmBy: ConfirmBy;
};

export async function listConnectedApps(userId: string): Promise<ConnectedApp[]> {
  const grants = await db().appGrant.findMany({ where: { userId }, orderBy: { createdAt: "desc" } });
  if (grants.length === 0) return [];
  const clientIds = grants.map((grant) => grant.clientId);
  const brandIds = [...new Set(grants.flatMap((grant) => grant.brandIds as string[]))];
  const [clients, brands] = await Promise.all([
    db().oauthClient.findMany({
      where: { clientId: { in: clientIds } },
      select: { clientId: true, name: true, uri: true, clientDiscoveryId: true },
    }),
    db().brand.findMany({ where: { id: { in: brandIds } }, select: { id: true, shortId: true, name: true } }),
  ]);
  return grants.map((grant) => {
    const client = clients.find((candidate) => candidate.clientId === grant.clientId);
    return {
      id: grant.id,
      clientId: grant.clientId,
      name: client?.name || grant.clientId,
      verified: client?.clientDiscoveryId === "cimd",
      uri: client?.uri ?? null,
      brands: (grant.brandIds as string[]).flatMap((id) =>
        brands.filter((brand) => brand.id === id).map(({ shortId, name }) => ({ shortId, name })),
      ),
      scopes: grant.scopes as string[],
      createdAt: grant.createdAt.toISOString(),
      lastUsedAt: grant.lastUsedAt?.toISOString() ?? null,
      confirmBy: confirmByOf(grant.confirmBy, "person"),
    };
  });
}

/**
 * Revoke: the grant, the client's consent and every token it holds for this person, in one
 * transaction. The next call with any of them is 401; the app must ask the person again.
 */
export async function revokeConnectedApp(userId: string, grantId: string): Promise<boolean> {
  if (!UUID.test(grantId)) return false;
  const grant = await db().appGrant.findFirst({ where: { id: grantId, userId } });
  if (!grant) return false;
  const where = { userId, clientId: grant.clientId };
  await db().$transaction([
    db().oauthAccessToken.deleteMany({ where }),
    db().oauthRefreshToken.deleteMany({ where }),
    db().oauthConsent.deleteMany({ where }),
    db().appGrant.delete({ where: { id: grant.id } }),
  ]);
  return true;
}

/**
 * Changes who confirms a connected app's writes (this person's grants only), from the app's next
 * call. False when there is no such grant, so another person's reads exactly like an unknown one.
 */
export async function setAppConfirmBy(userId: string, grantId: string, confirmBy: ConfirmBy): Promise<boolean> {
  if (!UUID.test(grantId)) return false;
  const { count } = await db().appGrant.updateMany({ where: { id: grantId, userId }, data: { confirmBy } });
  return count > 0;
}
