// A connection completed at the provider's callback is a write like any other, so the chat and the
// trail tell it: in the transaction that marks it connected (lib/connections/complete.ts), an
// activity entry and the `connection.connected` event, by whoever asked for the link (the actor of
// its `connection.link_issued` event: the person, and the app or key and door they asked through),
// so Activity, events.list and webhooks all learn of it. Like the team's writes no capability call
// makes (access-sweep.ts), it lives here, above the pipeline; the callback's route hands it down.
import { randomUUID } from "node:crypto";
import { connectionItemOf } from "../capabilities/connections/shared/records";
import { DOORS } from "../contract/catalogue";
import { recordAudit } from "../core/audit";
import type { Tx } from "../db/client";
import type { EventActor } from "../events/actor";
import { recordEvent } from "../events/record";
import { providerCatalog } from "../connections/catalog";
import type { Completed, RecordCompletion } from "../connections/outcome";

export const recordCompletion: RecordCompletion = async (tx, completed, now) => {
  const actor = await linkAskedBy(tx, completed);
  await recordAudit(
    tx,
    {
      requestId: randomUUID(),
      door: actor.door,
      capabilityId: "connections.connect",
      userId: actor.person.id,
      apiKeyId: actor.key?.id ?? null,
      ...(actor.app ? { app: { clientId: actor.app.id, name: actor.app.name } } : {}),
      brandId: completed.brandId,
    },
    "ok",
    now,
    undefined,
    `${completed.providerName} connected${completed.account ? ` as ${completed.account}` : ""}, authorized at ${completed.providerName}.`,
    { kind: "connection", id: completed.connectionId },
  );
  await recordEvent(tx, {
    brandId: completed.brandId,
    type: "connection.connected",
    actor,
    data: await connectionItemOf(tx, completed.brandId, completed.connectionId, providerCatalog().entries),
    at: now,
  });
};

/** The actor of the link's issue; else the person the link was bound to, as the assistant's user. */
async function linkAskedBy(tx: Tx, completed: Completed): Promise<EventActor> {
  const issued = await tx.event.findMany({
    where: { brandId: completed.brandId, type: "connection.link_issued" },
    orderBy: { seq: "desc" },
    take: 200,
    select: { actor: true, data: true },
  });
  const actor = issued.find((event) => (event.data as { id?: string }).id === completed.connectionId)?.actor as
    | EventActor
    | undefined;
  if (actor && (DOORS as readonly string[]).includes(actor.door)) return actor;
  const person = completed.userId
    ? await tx.user.findUnique({ where: { id: completed.userId }, select: { id: true, name: true } })
    : null;
  return {
    kind: "person",
    door: "assistant",
    person: { id: person?.id ?? completed.userId ?? "", name: person?.name ?? "" },
    app: null,
    key: null,
  };
}
