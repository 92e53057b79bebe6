// Deletes the bytes of uploads that were never completed, once their signed URL has expired and a
// grace period has passed (a PUT begun just before the expiry may still be arriving, and the
// client may still complete it). Every instance runs it (lib/ops/background.ts); each upload is
// claimed by one conditional update, so two instances never work on the same one, and a claim
// whose instance died is retaken after CLAIM_TIMEOUT_MS. Until the bytes are gone the upload
// keeps holding its declared size against the quota (lib/capabilities/library/shared/quota.ts), and so
// does an upload whose body is still arriving on this instance (lib/storage/bodies-in-flight.ts):
// it is taken on a later round, once the transfer has ended.
import { readdir, rm, stat } from "node:fs/promises";
import path from "node:path";
import { db } from "../db/client";
import { log } from "../log";
import { bodyInFlight, incomingInFlight } from "./bodies-in-flight";
import { LocalStorage } from "./local";
import type { Storage } from "./types";

/** After the URL's expiry, how long an upload may still be completed before its bytes are deleted. */
export const UPLOAD_GRACE_MS = 60 * 60 * 1000;
const CLAIM_TIMEOUT_MS = 10 * 60 * 1000;
const BATCH = 100;

export type SweepResult = { expired: number; failed: number; strayFiles: number };

export async function sweepUploads(storage: Storage, now: Date = new Date()): Promise<SweepResult> {
  const cutoff = new Date(now.getTime() - UPLOAD_GRACE_MS);
  const staleClaim = new Date(now.getTime() - CLAIM_TIMEOUT_MS);
  const candidates = await db().upload.findMany({
    where: {
      OR: [
        { status: "pending", expiresAt: { lt: cutoff } },
        { status: "expiring", claimedAt: { lt: staleClaim } },
      ],
    },
    select: { id: true, status: true, claimedAt: true, storageKey: true },
    orderBy: { expiresAt: "asc" },
    take: BATCH,
  });
  const result: SweepResult = { expired: 0, failed: 0, strayFiles: 0 };
  for (const upload of candidates) {
    if (bodyInFlight(upload.storageKey)) continue;
    // the claim: only if nobody (a complete, another instance) changed it since it was read
    const claimed = await db().upload.updateMany({
      where: { id: upload.id, status: upload.status, claimedAt: upload.claimedAt },
      data: { status: "expiring", claimedAt: now },
    });
    if (claimed.count !== 1) continue;
    try {
      await storage.remove(upload.storageKey);
      await db().upload.update({ where: { id: upload.id }, data: { status: "expired" } });
      result.expired += 1;
    } catch (error) {
      // left claimed: retaken after CLAIM_TIMEOUT_MS, and still counted against the quota
      result.failed += 1;
      log.warn(
        { component: "upload-sweep", uploadId: upload.id, err: error },
        `upload ${upload.id}: deleting its bytes failed; retried later`,
      );
    }
  }
  if (storage instanceof LocalStorage) result.strayFiles = await removeStrayIncoming(storage, cutoff);
  if (result.expired + result.failed + result.strayFiles > 0) {
    log.info(
      { component: "upload-sweep", ...result },
      `upload sweep: ${result.expired} expired upload(s) deleted, ${result.strayFiles} stray partial file(s) removed`,
    );
  }
  return result;
}

/** Partial PUTs of a process that died mid-transfer (lib/storage/local-receive.ts writes them there). */
async function removeStrayIncoming(storage: LocalStorage, olderThan: Date): Promise<number> {
  const incoming = path.join(storage.root, ".incoming");
  let names: string[];
  try {
    names = await readdir(incoming);
  } catch {
    return 0;
  }
  let removed = 0;
  for (const name of names) {
    const file = path.join(incoming, name);
    const info = await stat(file).catch(() => null);
    if (info && info.mtime < olderThan && !incomingInFlight(name)) {
      await rm(file, { force: true });
      removed += 1;
    }
  }
  return removed;
}
