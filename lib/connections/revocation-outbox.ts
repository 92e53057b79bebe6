// Provider revocations owed after a disconnect (RFC 7009), kept until the provider settles them.
// The disconnect writes the row in its own transaction (so a committed disconnect always has its
// revocation on record), tries it once right after the commit, and every instance's background
// loop (lib/ops/background.ts) retries what failed, with a doubling wait, until the provider
// accepts, refuses for good (a 4xx other than 408/425/429), or REVOCATION_MAX_ATTEMPTS failures.
// One conditional update claims a row for one attempt, so instances never send the same
// revocation at the same time. The grant is sealed in the row and deleted once it is settled.
import { randomUUID } from "node:crypto";
import { config } from "../config";
import type { Tx } from "../db/client";
import { db } from "../db/client";
import { log } from "../log";
import { ProviderError } from "./oauth-client";
import { connectionsPort } from "./port";
import type { ProviderTokens } from "./tokens";
import { open, seal } from "../vault";

/** How long one attempt may hold its claim before another instance may take the row. */
const CLAIM_MS = 2 * 60 * 1000;
const MAX_WAIT_MS = 6 * 60 * 60 * 1000;
const BATCH = 50;

export type RevocationOutcome = "revoked" | "refused" | "retrying" | "abandoned" | "not_claimed";

type Owed = { connectionId: string; brandId: string; provider: string; tokens: ProviderTokens };

/** Records a revocation owed, inside the disconnect's transaction; returns its id. */
export async function enqueueRevocation(tx: Tx, owed: Owed, now: Date): Promise<string> {
  const id = randomUUID();
  await tx.revocationOutbox.create({
    data: {
      id,
      connectionId: owed.connectionId,
      brandId: owed.brandId,
      provider: owed.provider,
      tokensEncrypted: seal(JSON.stringify(owed.tokens), `revocation:${id}`),
      status: "pending",
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  return id;
}

/** Every revocation due now, each claimed and tried once. */
export async function drainRevocations(now: Date = new Date()): Promise<RevocationOutcome[]> {
  const due = await db().revocationOutbox.findMany({
    where: {
      status: "pending",
      nextAttemptAt: { lte: now },
      OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }],
    },
    select: { id: true },
    orderBy: { nextAttemptAt: "asc" },
    take: BATCH,
  });
  const outcomes: RevocationOutcome[] = [];
  for (const { id } of due) outcomes.push(await attemptRevocation(id, now));
  return outcomes;
}

/** One attempt at one revocation, if it is due and no other attempt holds it. */
export async function attemptRevocation(id: string, now: Date = new Date()): Promise<RevocationOutcome> {
  const claimed = await db().revocationOutbox.updateMany({
    where: {
      id,
      status: "pending",
      nextAttemptAt: { lte: now },
      OR: [{ claimedUntil: null }, { claimedUntil: { lt: now } }],
    },
    data: { claimedUntil: new Date(now.getTime() + CLAIM_MS) },
  });
  if (claimed.count !== 1) return "not_claimed";
  const row = await db().revocationOutbox.findUniqueOrThrow({ where: { id } });
  const what = `connection ${row.connectionId} disconnected, but revoking its grant at`;
  const provider = connectionsPort.available(row.provider);
  if (!provider?.revocationUrl) {
    return settle(id, "abandoned", `${row.provider} is no longer configured for revocation`, () =>
      log.error(
        { component: "revocations", connectionId: row.connectionId },
        `${what} ${row.provider} is impossible: the provider is no longer configured`,
      ),
    );
  }
  let tokens: ProviderTokens;
  try {
    tokens = JSON.parse(open(row.tokensEncrypted ?? "", `revocation:${id}`)) as ProviderTokens;
  } catch (error) {
    return settle(id, "abandoned", `the sealed grant cannot be opened: ${(error as Error).message}`, () =>
      log.error(
        { component: "revocations", connectionId: row.connectionId },
        `${what} ${provider.name} is impossible: the sealed grant cannot be opened (APP_SECRET changed?)`,
      ),
    );
  }
  try {
    await connectionsPort.revoke(provider, tokens);
  } catch (error) {
    const message = (error as Error).message;
    const attempts = row.attempts + 1;
    if (isRefusal(error)) {
      return settle(
        id,
        "refused",
        message,
        () =>
          log.error(
            { component: "revocations", connectionId: row.connectionId, attempts },
            `${what} ${provider.name} failed: ${message}; the provider refused it for good, not retried`,
          ),
        attempts,
      );
    }
    const maxAttempts = config().REVOCATION_MAX_ATTEMPTS;
    if (attempts >= maxAttempts) {
      return settle(
        id,
        "abandoned",
        message,
        () =>
          log.error(
            { component: "revocations", connectionId: row.connectionId, attempts },
            `${what} ${provider.name} failed: ${message}; given up after ${attempts} attempts`,
          ),
        attempts,
      );
    }
    const waitMs = Math.min(config().REVOCATION_RETRY_SECONDS * 1000 * 2 ** (attempts - 1), MAX_WAIT_MS);
    await db().revocationOutbox.update({
      where: { id },
      data: {
        attempts,
        lastError: message.slice(0, 500),
        nextAttemptAt: new Date(now.getTime() + waitMs),
        claimedUntil: null,
        updatedAt: now,
      },
    });
    log.warn(
      { component: "revocations", connectionId: row.connectionId, attempts, retryInSeconds: waitMs / 1000 },
      `${what} ${provider.name} failed: ${message}; retrying in ${waitMs / 1000} s (attempt ${attempts} of ${maxAttempts})`,
    );
    return "retrying";
  }
  return settle(
    id,
    "revoked",
    null,
    () =>
      log.info(
        { component: "revocations", connectionId: row.connectionId, attempts: row.attempts + 1 },
        `connection ${row.connectionId}: grant revoked at ${provider.name}`,
      ),
    row.attempts + 1,
  );
}

/** A final state: the sealed grant is deleted with it. */
async function settle(
  id: string,
  status: "revoked" | "refused" | "abandoned",
  lastError: string | null,
  say: () => void,
  attempts?: number,
): Promise<RevocationOutcome> {
  await db().revocationOutbox.update({
    where: { id },
    data: {
      status,
      tokensEncrypted: null,
      claimedUntil: null,
      updatedAt: new Date(),
      ...(lastError ? { lastError: lastError.slice(0, 500) } : {}),
      ...(attempts ? { attempts } : {}),
    },
  });
  say();
  return status;
}

/** RFC 7009 §2.2.1: a 4xx answer is the provider's decision, except the ones that mean "later". */
function isRefusal(error: unknown): boolean {
  const status = error instanceof ProviderError ? error.status : undefined;
  return status !== undefined && status >= 400 && status < 500 && ![408, 425, 429].includes(status);
}
