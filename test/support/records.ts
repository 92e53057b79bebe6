// Records a brand already holds, written straight to the shared database: the fuzzers and the
// authorization matrix need existing files, questions, connections and contacts to reach the
// success path, and making each through its own flow (upload, OAuth) would cost a dozen calls.
import { randomUUID } from "node:crypto";
import { db } from "../../lib/db/client";
import { newSecret, sealSecret } from "../../lib/webhooks/secrets";

const tag = () => randomUUID().slice(0, 8);

/** A file record (the bytes are never read by the capabilities that take an assetId). */
export async function makeAsset(brandId: string, status: "proposed" | "approved" | "archived") {
  const id = randomUUID();
  const name = `Fixture file ${tag()}.png`;
  await db().asset.create({
    data: {
      id,
      brandId,
      name,
      nameKey: name.toLowerCase(),
      category: "photos",
      categoryKey: "photos",
      mimeType: "image/png",
      type: "image",
      status,
      sizeBytes: 70n,
      storageKey: `brands/${brandId}/${randomUUID()}`,
    },
  });
  return id;
}

/** An open question at revision 1. */
export async function makeQuestion(brandId: string) {
  const id = randomUUID();
  await db().question.create({
    data: {
      id,
      brandId,
      key: `fixture.${tag()}`,
      question: "What is your tagline?",
      scope: "genome",
      options: ["A", "B"],
    },
  });
  return id;
}

/** A connection waiting for the person's consent (no tokens, so disconnecting calls no provider). */
export async function makeConnection(brandId: string, provider = "linkedin") {
  const id = randomUUID();
  await db().connection.create({ data: { id, brandId, provider, status: "pending_setup" } });
  return id;
}

/**
 * A disabled webhook endpoint (so the worker sends it nothing, even a test event) to a receiver that
 * is never reached, with one delivered delivery (to send again).
 */
export async function makeWebhookEndpoint(brandId: string) {
  const id = randomUUID();
  const now = new Date();
  await db().webhookEndpoint.create({
    data: {
      id,
      brandId,
      url: `http://127.0.0.1:9/hooks/${tag()}`,
      eventTypes: '["kit.color.added"]',
      enabled: false,
      disabledReason: "A fixture.",
      secretSealed: sealSecret(newSecret(), id),
      createdAt: now,
      updatedAt: now,
    },
  });
  const deliveryId = randomUUID();
  await db().webhookDelivery.create({
    data: {
      id: deliveryId,
      endpointId: id,
      eventId: `evt_fixture${tag()}`,
      eventType: "webhook.test",
      payload: "{}",
      status: "delivered",
      attempts: 1,
      nextAttemptAt: now,
      createdAt: now,
      updatedAt: now,
    },
  });
  return { id, deliveryId };
}

/** A public contact channel. */
export async function makeContact(brandId: string) {
  const id = randomUUID();
  await db().contact.create({ data: { id, brandId, type: "website", value: `https://fixture-${tag()}.example` } });
  return id;
}

/** A started upload whose bytes never arrived (complete then refuses it on size). */
export async function makeUpload(brandId: string) {
  const id = randomUUID();
  await db().upload.create({
    data: {
      id,
      brandId,
      fileName: "fixture.png",
      mimeType: "image/png",
      sizeBytes: 70n,
      storageKey: `brands/${brandId}/${randomUUID()}`,
      status: "pending",
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return id;
}

/** A declaration proposed for the brand's memory, pending an admin's review (memory.review). */
export async function makeMemoryDeclaration(brandId: string, subject = `fixture.${tag()}`) {
  const id = randomUUID();
  await db().memoryDeclaration.create({
    data: { id, brandId, source: "person", subject, statement: "We roast on Mondays.", status: "pending" },
  });
  return id;
}
