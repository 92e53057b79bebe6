// The OAuthState row a link's signed `state` names, read without using it up: the start of a link
// and its callback both look before they act, so a stranger holding the link cannot spend it.
import type { OAuthState, PrismaClient } from "../db/generated/client";
import { failed, INVALID_LINK, START_AGAIN, type Browser, type FailedOutcome } from "./outcome";
import { verifyState, type StatePayload } from "./state";

export const LINK_GONE = failed(
  400,
  "This link is no longer valid",
  `The connection it belonged to was cancelled or replaced. ${START_AGAIN}`,
);

export type LinkState = { signed: StatePayload; row: OAuthState };

/** The signed state and its row, or the page that says why the link cannot be used. */
export async function readLinkState(
  db: PrismaClient,
  state: string | null,
  now: Date,
): Promise<LinkState | FailedOutcome> {
  const signed = verifyState(state ?? "");
  if (!signed) return INVALID_LINK;
  const row = await db.oAuthState.findUnique({ where: { id: signed.id } });
  // a link issued before links were bound to a person (userId null) cannot be completed safely
  if (!row?.userId) return LINK_GONE;
  return usable(row, now) ?? { signed, row };
}

/** Why a state row can no longer be used, or undefined while it can. */
export function usable(row: OAuthState, now: Date): FailedOutcome | undefined {
  if (row.usedAt) return failed(400, "This link was already used", `Each link works once. ${START_AGAIN}`);
  if (row.expiresAt <= now) return failed(400, "This link has expired", `Links work for 10 minutes. ${START_AGAIN}`);
  return undefined;
}

const NOT_YOURS =
  "Only the person who asked for this link (connections.connect) can use it to connect an account, signed in to this service in their own browser.";

/** The callback reached a browser with no sign-in: not the one that opened the link. */
export const NOT_SIGNED_IN = failed(
  403,
  "This connection was not started in this browser",
  `This browser is not signed in to this service, so it is not the one that opened the link. ${NOT_YOURS} Nothing was connected.`,
);

/**
 * Whether this signed-in browser may go on with the link: signed in as the person who asked for
 * it and, at the callback, in the sign-in session that opened it. Nothing is used up here.
 */
export function browserProblem(
  row: OAuthState,
  browser: NonNullable<Browser>,
  step: "start" | "callback",
): FailedOutcome | undefined {
  if (browser.userId !== row.userId) {
    return failed(
      403,
      "This link belongs to someone else",
      `You are signed in as ${browser.email}. ${NOT_YOURS} Nothing was connected. If you asked for it, sign out and open it again signed in as yourself; otherwise ask for a link of your own.`,
    );
  }
  if (step === "callback" && row.sessionId !== browser.sessionId) {
    return failed(
      403,
      "This connection was started in another browser",
      `The link was opened in another browser or sign-in session than this one, and it can be finished only where it was opened. Nothing was connected. ${START_AGAIN}`,
    );
  }
  return undefined;
}
