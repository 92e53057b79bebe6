// The tokens of one realtime voice session (README "Voice", AI budget). In realtime mode the audio
// and the provider's usage reports flow between the browser and the provider, so the server cannot
// meter them itself. It reserves VOICE_SESSION_TOKENS of the brand's month when it mints the
// session (as a chat reserves before each model call, lib/assistant/budget.ts) and takes the
// browser's reports only against that reservation: from the person who started the session, while
// it lives, once per response id, never beyond what is left (a report past it is clamped to the
// rest, and the session ends there). Whatever was not reported is released when the session is
// settled: by the page's end call, when its tokens are spent, when the person starts another one in
// the same brand, or by the background sweep once it has expired.
import "server-only";
import type { BrandInfo } from "../contract/context";
import { config } from "../config";
import { randomBase62 } from "../crypto";
import { AppError } from "../contract/errors";
import { db, type Tx } from "../db/client";
import { drawReserved, type Refusal, reserveTokens } from "../assistant/budget";

export type OpenedSession = { id: string; tokens: number; expiresAt: Date };
export type Charge = { brandId: string; charged: number; left: number; ended: boolean };

/** how long a settled session is kept (its response ids), for an operator's questions */
const KEEP_SETTLED_MS = 24 * 3600_000;

/** Reserves a new session's tokens, or says why not: the brand's month, or this person's share of it, has no room left. */
export async function openVoiceSession(
  brand: Pick<BrandInfo, "id" | "plan">,
  userId: string,
  now: Date,
): Promise<OpenedSession | Refusal> {
  // one live session per person and brand: reservations of tabs that never said goodbye, or of a
  // browser that keeps starting sessions, cannot pile up and lock the brand's budget
  const live = await db().voiceSession.findMany({
    where: { userId, brandId: brand.id, endedAt: null },
    select: { id: true },
  });
  for (const previous of live) await settleVoiceSession(previous.id, now);
  const { VOICE_SESSION_TOKENS, VOICE_SESSION_MINUTES } = config();
  const reservation = await reserveTokens(brand, userId, VOICE_SESSION_TOKENS, now);
  if (typeof reservation === "string") return reservation;
  const expiresAt = new Date(now.getTime() + VOICE_SESSION_MINUTES * 60_000);
  const id = `vs_${randomBase62(32)}`;
  const month = reservation.month;
  await db().$transaction([
    db().voiceSession.create({
      data: { id, userId, brandId: brand.id, month, reserved: reservation.tokens, expiresAt },
    }),
    // budget.usage shows how many sessions each person started this month
    db().aiPersonUsage.update({
      where: { brandId_month_userId: { brandId: brand.id, month, userId } },
      data: { voiceSessions: { increment: 1 } },
    }),
  ]);
  return { id, tokens: reservation.tokens, expiresAt };
}

/**
 * Charges one response's reported tokens to a live session of this person: at most what is left of
 * its reservation, nothing for a response id already reported. Anything else is not_found.
 */
export async function chargeVoiceResponse(
  sessionId: string,
  userId: string,
  responseId: string,
  reported: number,
  now: Date,
): Promise<Charge> {
  return db().$transaction(async (tx) => {
    const session = await lockLive(tx, sessionId);
    if (!session || session.userId !== userId || session.expiresAt <= now) throw notLive();
    const left = session.reserved - session.charged;
    const replayed = await tx.voiceResponse.findUnique({ where: { sessionId_responseId: { sessionId, responseId } } });
    if (replayed) return { brandId: session.brandId, charged: 0, left, ended: false };
    const charged = Math.min(Math.max(0, Math.round(reported)), left);
    const ended = charged >= left;
    await tx.voiceResponse.create({ data: { sessionId, responseId, tokens: charged } });
    await tx.voiceSession.update({
      where: { id: sessionId },
      data: { charged: { increment: charged }, ...(ended ? { endedAt: now } : {}) },
    });
    await drawReserved(tx, session, charged, charged);
    return { brandId: session.brandId, charged, left: left - charged, ended };
  });
}

/**
 * Ends a live session (of this person, when one is named) and releases what it did not report.
 * True when this call settled it; false when it was not live (already settled, unknown) or not theirs.
 */
export async function settleVoiceSession(sessionId: string, now: Date, userId?: string): Promise<boolean> {
  return db().$transaction(async (tx) => {
    const session = await lockLive(tx, sessionId);
    if (!session || (userId !== undefined && session.userId !== userId)) return false;
    await tx.voiceSession.update({ where: { id: sessionId }, data: { endedAt: now } });
    await drawReserved(tx, session, 0, session.reserved - session.charged);
    return true;
  });
}

/** Whether this session (live or settled) was started by this person. */
export async function ownsVoiceSession(sessionId: string, userId: string): Promise<boolean> {
  const session = await db().voiceSession.findUnique({ where: { id: sessionId }, select: { userId: true } });
  return session?.userId === userId;
}

/** The background loop's part: settles expired sessions nobody ended, forgets old settled ones. */
export async function sweepVoiceSessions(now: Date): Promise<number> {
  const expired = await db().voiceSession.findMany({
    where: { endedAt: null, expiresAt: { lte: now } },
    select: { id: true },
    take: 500,
  });
  let settled = 0;
  // each is settled under its own lock, so instances sweeping together settle each session once
  for (const { id } of expired) if (await settleVoiceSession(id, now)) settled++;
  await db().voiceSession.deleteMany({ where: { endedAt: { lt: new Date(now.getTime() - KEEP_SETTLED_MS) } } });
  return settled;
}

/** Whose session it is, if it is still unsettled, read after taking its row lock. */
async function lockLive(tx: Tx, sessionId: string) {
  // a no-op write takes the row's lock until commit (PostgreSQL; SQLite runs one writer at a time),
  // so concurrent reports of one session are charged one after the other against what is left
  const locked =
    await tx.$executeRaw`UPDATE "VoiceSession" SET "charged" = "charged" WHERE "id" = ${sessionId} AND "endedAt" IS NULL`;
  if (locked === 0) return null;
  return tx.voiceSession.findUnique({ where: { id: sessionId } });
}

function notLive(): AppError {
  return new AppError(
    "not_found",
    "No live voice session of yours has this id: it has ended, expired or never started. Start voice again.",
    { field: "session" },
  );
}
