// UUIDs compare case-insensitively (RFC 9562): every capability that takes a record's id finds
// the record when the id arrives in upper case, on the API door as on the others (the schemas
// lower-case ids once, lib/capabilities/schemas.ts recordId/handedOutId).
import { beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { capabilities } from "../../lib/capabilities/registry";
import { addMember } from "../../lib/admin/commands";
import { db } from "../../lib/db/client";
import { bytes, uploadApproved } from "../support/files";
import { makeAsset, makeConnection, makeContact, makeQuestion, makeUpload } from "../support/records";
import { call, confirmAndCall, expectError, expectOk, makePerson, makeWorld } from "../support/world";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;

beforeAll(async () => {
  world = await makeWorld();
});

const upper = (id: string) => id.toUpperCase();
const as = (capability: string, input: Record<string, unknown>) =>
  confirmAndCall(capability, world.admin.key, { brand: world.brand.shortId, ...input });

/** Every id field of every capability's input, found in its JSON Schema (format uuid). */
function uuidFields(): string[] {
  const found = new Set<string>();
  const walk = (id: string, schema: Record<string, unknown>) => {
    for (const [name, property] of Object.entries(
      (schema.properties ?? {}) as Record<string, Record<string, unknown>>,
    )) {
      if (property.format === "uuid" || name === "uploadId") found.add(`${id} ${name}`);
    }
    for (const variant of [...((schema.oneOf ?? []) as object[]), ...((schema.anyOf ?? []) as object[])])
      walk(id, variant as Record<string, unknown>);
  };
  for (const capability of capabilities)
    walk(
      capability.id,
      z.toJSONSchema(capability.input, { io: "input", unrepresentable: "any" }) as Record<string, unknown>,
    );
  return [...found].sort();
}

const TESTED = [
  "activity.undo activityId",
  "brand.check assetId",
  "brand.contacts.save id",
  "connections.disconnect connectionId",
  "genome.entries.review entryId",
  "kit.colors.remove id",
  "kit.colors.update id",
  "kit.logos.remove assetId",
  "kit.logos.save assetId",
  "kit.typography.remove id",
  "kit.typography.save id",
  "library.asset.get assetId",
  "library.asset.review assetId",
  "library.upload.create uploadId",
  "memory.review declarationId",
  "questions.answer questionId",
  "team.invitations.revoke id",
  "team.remove userId",
  "team.role.update userId",
  "webhooks.delete id",
  "webhooks.deliveries.list id",
  "webhooks.deliveries.resend deliveryId",
  "webhooks.deliveries.resend id",
  "webhooks.secret.rotate id",
  "webhooks.test id",
  "webhooks.update id",
];

describe("record ids in upper case", () => {
  it("every id-taking field of the registry is covered below", () => {
    expect(uuidFields()).toEqual(TESTED);
  });

  it("questions.answer finds the question", async () => {
    const id = await makeQuestion(world.brand.id);
    expectOk(
      await as("questions.answer", {
        questionId: upper(id),
        expectedRevision: 1,
        action: "defer",
        idempotencyKey: `upper-${id}`,
      }),
    );
  });

  it("brand.contacts.save changes and removes the channel", async () => {
    const id = await makeContact(world.brand.id);
    expect(
      expectOk(
        await as("brand.contacts.save", {
          op: "upsert",
          id: upper(id),
          type: "website",
          value: "https://upper.example",
        }),
      ).id,
    ).toBe(id);
    expectOk(await as("brand.contacts.save", { op: "delete", id: upper(id) }));
  });

  it("connections.disconnect finds the connection", async () => {
    const id = await makeConnection(world.brand.id);
    expect(expectOk(await as("connections.disconnect", { connectionId: upper(id) })).id).toBe(id);
  });

  it("library.asset.get and library.asset.review find the file", async () => {
    const approved = await makeAsset(world.brand.id, "approved");
    expect(
      expectOk(
        await call("library.asset.get", world.viewer.key, { brand: world.brand.shortId, assetId: upper(approved) }),
      ).id,
    ).toBe(approved);
    const proposed = await makeAsset(world.brand.id, "proposed");
    expectOk(await as("library.asset.review", { assetId: upper(proposed), decision: "approve" }));
  });

  it("library.upload.create complete finds the upload (refused on size: no bytes were sent, not not_found)", async () => {
    const id = await makeUpload(world.brand.id);
    const error = expectError(
      await as("library.upload.create", { step: "complete", uploadId: upper(id) }),
      422,
      "invalid_input",
    );
    expect(error).toMatchObject({ field: "uploadId", reason: "size_mismatch" });
  });

  it("kit.* find the colour, the typeface and the logo's file", async () => {
    const color = expectOk(await as("kit.colors.add", { name: "Upper", hex: "#123456", role: "accent" })).id as string;
    expectOk(await as("kit.colors.update", { id: upper(color), name: "Upper case" }));
    expectOk(await as("kit.colors.remove", { id: upper(color) }));
    const face = expectOk(await as("kit.typography.save", { family: "Upper Sans", role: "body", weights: ["400"] }))
      .id as string;
    expectOk(
      await as("kit.typography.save", { id: upper(face), family: "Upper Serif", role: "body", weights: ["400"] }),
    );
    expectOk(await as("kit.typography.remove", { id: upper(face) }));
    const file = await makeAsset(world.brand.id, "approved");
    expectOk(await as("kit.logos.save", { assetId: upper(file), name: "Upper logo", form: "symbol", theme: "light" }));
    expectOk(await as("kit.logos.remove", { assetId: upper(file) }));
  });

  it("webhooks.* find the endpoint and its delivery", async () => {
    // a loopback receiver (WEBHOOKS_ALLOW_LOOPBACK in the suite); nothing listens there, which does not matter here
    const id = expectOk(
      await as("webhooks.create", { url: "http://127.0.0.1:9/upper-case", eventTypes: ["kit.color.added"] }),
    ).id as string;
    expect(expectOk(await as("webhooks.update", { id: upper(id), description: "upper case" })).id).toBe(id);
    expectOk(await as("webhooks.secret.rotate", { id: upper(id) }));
    const delivery = expectOk(await as("webhooks.test", { id: upper(id) })).id as string;
    const listed = expectOk(
      await call("webhooks.deliveries.list", world.admin.key, { brand: world.brand.shortId, id: upper(id) }),
    ) as { items: { id: string }[] };
    expect(listed.items.map((item) => item.id)).toContain(delivery);
    expectOk(await as("webhooks.deliveries.resend", { id: upper(id), deliveryId: upper(delivery) }));
    expect(expectOk(await as("webhooks.delete", { id: upper(id) })).id).toBe(id);
  });
  it("activity.undo finds the activity entry", async () => {
    const color = expectOk(await as("kit.colors.add", { name: "Undo upper", hex: "#654321", role: "accent" }))
      .id as string;
    const entry = await db().auditEntry.findFirstOrThrow({
      where: { brandId: world.brand.id, capabilityId: "kit.colors.add", outcome: "ok", target: `kit:${color}` },
    });
    expectOk(await as("activity.undo", { activityId: upper(entry.id) }));
    expect(await db().kitColor.count({ where: { id: color } })).toBe(0);
  });

  it("brand.check finds the file", async () => {
    const id = await uploadApproved(
      { key: world.admin.key, brand: world.brand.shortId },
      { fileName: "upper.png", mimeType: "image/png", body: bytes.png() },
    );
    const checked = expectOk(
      await call("brand.check", world.admin.key, { brand: world.brand.shortId, assetId: upper(id) }),
    );
    expect(checked.verdict).toBeDefined();
  });

  it("genome.entries.review and memory.review find the entry and the declaration", async () => {
    const [entry] = expectOk(
      await as("genome.entries.propose", { entries: [{ kind: "guardrail", value: "Never shout in capitals" }] }),
    ).ids as string[];
    const { revision } = expectOk(
      await call("genome.read", world.admin.key, { brand: world.brand.shortId, status: "proposed" }),
    ) as { revision: number };
    expectOk(
      await as("genome.entries.review", { entryId: upper(entry!), decision: "reject", expectedRevision: revision }),
    );
    const declaration = expectOk(await as("memory.propose", { subject: "Upper", statement: "Ids in any case" }))
      .id as string;
    expectOk(await as("memory.review", { declarationId: upper(declaration), decision: "reject" }));
  });

  it("team.* find the invitation and the person", async () => {
    const invitation = expectOk(await as("team.invite", { email: "upper-case@example.com", role: "viewer" }))
      .id as string;
    expectOk(await as("team.invitations.revoke", { id: upper(invitation) }));
    const person = await makePerson({ name: "Upper case" });
    await addMember(db(), { brand: world.brand.shortId, email: person.email, role: "viewer" });
    expectOk(await as("team.role.update", { userId: upper(person.id), role: "member" }));
    expectOk(await as("team.remove", { userId: upper(person.id) }));
  });
});
