// Step 9 for a credential whose writes wait for its person (confirmBy "person": an API key its
// owner set so, an OAuth grant by default, every grant in a brand whose policy says so). The token
// never leaves the server: the call is parked with it sealed (the PendingCall row the person's
// doors use too, caller "person:<callerKey>"), and the caller is told where the person decides and
// how to learn the outcome (confirmations.get). Only the person's Confirm, signed in, runs it
// (lib/pending/person-decision.ts), through the pipeline again with every check.
import { db, sql } from "../db/client";
import { config } from "../config";
import { canonicalJson, randomBase62 } from "../crypto";
import { seal } from "../vault";
import type { Door } from "../contract/catalogue";
import type { Actor } from "../contract/context";
import { AppError } from "../contract/errors";
import { iso } from "../contract/time";
import { callerKey } from "./auth";
import { mailWaitingWrite } from "../mail/waiting";

/** The caller a parked call of this credential is bound to; no other door or credential decides it. */
export const personCaller = (actor: Actor) => parkedAs(callerKey(actor));
const parkedAs = (caller: string) => `person:${caller}`;
export const isPersonCaller = (caller: string | null): caller is string => caller?.startsWith("person:") === true;

/** The app page where the person decides (app/confirm/[id]). */
export const confirmationUrl = (id: string) => new URL(`/confirm/${id}`, config().APP_URL).toString();

/** Whether this call's write waits for its person: the credential's choice, or the brand's policy for apps. */
export async function confirmsByPerson(actor: Actor, brandId: string): Promise<boolean> {
  if (actor.confirmBy === "person") return true;
  if (!actor.app) return false;
  const [brand] = await sql()<{ agentsConfirmBy: string }>(`SELECT "agentsConfirmBy" FROM "Brand" WHERE "id" = ?`, [
    brandId,
  ]);
  return brand?.agentsConfirmBy === "person";
}

export type Parking = {
  actor: Actor;
  /** callerKey(actor), as the pipeline derived it */
  caller: string;
  brandId: string;
  capabilityId: string;
  /** the call's input as the caller sent it, without brand and token: the person's Confirm sends it again */
  input: Record<string, unknown>;
  summary: string;
  token: string;
  expiresAt: Date;
  door: Door;
  idempotencyKey?: string;
};

/** Parks the call for its person; its id names it on the page, in the list and to confirmations.get. */
export async function park(call: Parking, now: Date): Promise<string> {
  const id = randomBase62(32);
  await db().pendingCall.create({
    data: {
      id,
      userId: call.actor.userId,
      brandId: call.brandId,
      capabilityId: call.capabilityId,
      input: canonicalJson(call.input),
      // the same sealing as every parked call (lib/pending/store.ts): only its own row opens it
      tokenSealed: seal(call.token, `pending-call:${id}`),
      summary: call.summary,
      door: call.door,
      caller: parkedAs(call.caller),
      callerScopes: JSON.stringify(call.actor.scopes ?? []),
      idempotencyKey: call.idempotencyKey ?? null,
      toolCallId: null,
      conversationId: null,
      expiresAt: call.expiresAt,
      createdAt: now,
    },
  });
  // the person hears of it by e-mail when SMTP is set up: not waited for, and never failing the call
  void mailWaitingWrite(
    {
      userId: call.actor.userId,
      pendingId: id,
      brandId: call.brandId,
      summary: call.summary,
      expiresAt: call.expiresAt,
    },
    now,
  );
  return id;
}

/**
 * The call this credential parked under the same Idempotency-Key in this brand, if any: a repeat
 * is that call (nothing is parked twice), whatever became of it; the key with another capability
 * or input is refused as for any write (lib/core/idempotent-store.ts).
 */
export async function parkedUnderKey(
  actor: Actor,
  caller: string,
  brandId: string,
  capabilityId: string,
  input: Record<string, unknown>,
  key: string,
): Promise<{ id: string; summary: string; expiresAt: Date; status: string } | undefined> {
  const row = await db().pendingCall.findFirst({
    where: { idempotencyKey: key, brandId, caller: parkedAs(caller), userId: actor.userId },
    orderBy: { createdAt: "desc" },
  });
  if (!row) return undefined;
  if (row.capabilityId !== capabilityId || row.input !== canonicalJson(input)) {
    throw new AppError(
      "idempotency_key_reused",
      `Idempotency-Key "${key}" was already used for a different request; choose a new key`,
      { reason: row.capabilityId === capabilityId ? "other_input" : "other_capability" },
    );
  }
  return { id: row.id, summary: row.summary, expiresAt: row.expiresAt, status: row.status };
}

/**
 * The answer to a caller whose write waits for its person: 409 confirmation_required with the
 * summary, when the wait ends, and where the person decides; never a token. `reason`: a repeat of
 * a call its person declined, or that nobody decided in time.
 */
export function waitingForPerson(
  id: string,
  summary: string,
  expiresAt: Date,
  reason?: "declined" | "expired",
): AppError {
  const url = confirmationUrl(id);
  const told =
    reason === "declined"
      ? "Your person declined this write, so nothing was written"
      : reason === "expired"
        ? "Nobody confirmed this write in time, so nothing was written"
        : `Waiting for your person to confirm in Brand Operations (${url}); nothing is written until they do. confirmations.get with confirmationId "${id}" tells the outcome`;
  return new AppError("confirmation_required", `${told}. Proposed: ${summary}`, {
    summary,
    expiresAt: iso(expiresAt),
    confirmation: { id, url },
    ...(reason ? { reason } : {}),
  });
}
