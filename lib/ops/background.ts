// The background work of each instance: the upload sweep (lib/storage/upload-sweep.ts), the
// provider revocations still owed (lib/connections/revocation-outbox.ts), the conversations kept
// past CONVERSATION_RETENTION_DAYS (lib/conversations/store.ts), idempotency keys past their 24 hours
// (lib/core/idempotent-store.ts), confirmation tokens a day past their expiry (lib/core/confirmation.ts),
// the events past EVENT_RETENTION_DAYS (lib/events/retention.ts), the audit trail past
// AUDIT_RETENTION_DAYS (lib/core/audit-retention.ts), the time-boxed accesses that ended
// (team.member.access_ended, lib/ops/access-sweep.ts) and
// the realtime voice sessions
// that expired without an end (their unreported reservation released, lib/voice/reservation.ts), every
// BACKGROUND_INTERVAL_SECONDS. Every instance runs it; the tasks claim their rows one by one, so
// instances share the work instead of repeating it. A round never overlaps the previous one, a
// failing task is logged and tried again next round, and the timer never keeps the process up.
import { config } from "../config";
import { sweepIdempotencyKeys } from "../core/idempotent-store";
import { sweepConfirmationTokens } from "../core/confirmation";
import { pruneAuditTrail } from "../core/audit-retention";
import { drainRevocations } from "../connections/revocation-outbox";
import { deleteIdleConversations } from "../conversations/store";
import { deleteExpiredEvents } from "../events/retention";
import { log } from "../log";
import { storage } from "../storage";
import { sweepUploads } from "../storage/upload-sweep";
import { sweepVoiceSessions } from "../voice/reservation";
import { recordEndedAccess } from "./access-sweep";

const state = globalThis as unknown as { brandOpsBackground?: NodeJS.Timeout };

const TASKS: { name: string; run: () => Promise<unknown> }[] = [
  { name: "upload-sweep", run: () => sweepUploads(storage()) },
  { name: "revocations", run: () => drainRevocations() },
  {
    name: "conversation-retention",
    run: () => deleteIdleConversations(config().CONVERSATION_RETENTION_DAYS, new Date()),
  },
  { name: "idempotency-keys", run: () => sweepIdempotencyKeys(new Date()) },
  { name: "confirmation-tokens", run: () => sweepConfirmationTokens(new Date()) },
  { name: "event-retention", run: () => deleteExpiredEvents(config().EVENT_RETENTION_DAYS, new Date()) },
  { name: "audit-retention", run: () => pruneAuditTrail(config().AUDIT_RETENTION_DAYS, new Date()) },
  { name: "voice-sessions", run: () => sweepVoiceSessions(new Date()) },
  { name: "team-access-ended", run: () => recordEndedAccess(new Date()) },
];

export function startBackground(): void {
  if (state.brandOpsBackground) return;
  let running = false;
  const round = async () => {
    if (running) return;
    running = true;
    for (const task of TASKS) {
      try {
        await task.run();
      } catch (error) {
        log.error(
          { component: "background", task: task.name, err: error },
          `background task ${task.name} failed; tried again next round`,
        );
      }
    }
    running = false;
  };
  state.brandOpsBackground = setInterval(() => void round(), config().BACKGROUND_INTERVAL_SECONDS * 1000);
  state.brandOpsBackground.unref();
}

export function stopBackground(): void {
  if (state.brandOpsBackground) clearInterval(state.brandOpsBackground);
  state.brandOpsBackground = undefined;
}
