// The first leg of a connection link: connections.connect hands out a link to this service, not to
// the provider, so the person who opens it can be checked before anyone reaches the provider. The
// person must be signed in (else: sign-in, then back here) as the one who asked for the link; the
// link is then bound to this browser's sign-in session, and the browser goes on to the provider.
import type { PrismaClient } from "../db/generated/client";
import { providerCatalog } from "./catalog";
import { browserProblem, LINK_GONE, readLinkState, usable } from "./link-state";
import { authorizationUrl } from "./oauth-client";
import { INVALID_LINK, notOffered, type Browser, type ConnectionOutcome } from "./outcome";
import { redirectUri } from "./port";
import { challengeOf } from "./state";
import { open } from "../vault";

export async function startConnection(
  db: PrismaClient,
  params: URLSearchParams,
  browser: Browser,
  now: Date,
): Promise<ConnectionOutcome> {
  const state = params.get("state") ?? "";
  const link = await readLinkState(db, state, now);
  if ("kind" in link) return link;
  if (!browser) return { kind: "sign-in" };
  const refused = browserProblem(link.row, browser, "start");
  if (refused) return refused;

  const connection = await db.connection.findUnique({
    where: { id: link.row.connectionId },
    select: { provider: true },
  });
  if (!connection || connection.provider !== link.signed.provider) return INVALID_LINK;
  const provider = providerCatalog().available(connection.provider);
  if (!provider) return notOffered(connection.provider);

  // the last browser of this person to open the link is the one that may finish it
  const bound = await db.oAuthState.updateMany({
    where: { id: link.row.id, userId: browser.userId, usedAt: null, expiresAt: { gt: now } },
    data: { sessionId: browser.sessionId },
  });
  if (bound.count !== 1) {
    const row = await db.oAuthState.findUnique({ where: { id: link.row.id } });
    return (row && usable(row, now)) ?? LINK_GONE;
  }
  const codeChallenge = challengeOf(open(link.row.codeVerifier, `oauth-state:${link.row.id}`));
  return {
    kind: "redirect",
    location: authorizationUrl(provider, { state, codeChallenge, redirectUri: redirectUri() }),
  };
}
