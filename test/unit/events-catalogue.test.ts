// The event catalogue is generated from the registry: every write declares its event
// types, each with a data schema; the catalogue lists them once, and the OpenAPI `webhooks` map
// has one entry per type.
import { describe, expect, it } from "vitest";
import { capabilities } from "../../lib/capabilities/registry";
import { eventCatalogue, EVENT_TYPES } from "../../lib/events/catalogue";
import { webhooksOf } from "../../lib/openapi/webhooks";

/** Written out, so that a type renamed or dropped (integrators subscribe by these names) fails here. */
const EXPECTED = [
  "activity.undone",
  "brand.contact.removed",
  "brand.contact.saved",
  "brand.policy.updated",
  "brand.profile.updated",
  "connection.connected",
  "connection.disconnected",
  "connection.link_issued",
  "genome.entry.approved",
  "genome.entry.proposed",
  "genome.entry.rejected",
  "genome.entry.retired",
  "kit.color.added",
  "kit.color.removed",
  "kit.color.updated",
  "kit.instructions.updated",
  "kit.logo.removed",
  "kit.logo.saved",
  "kit.typography.removed",
  "kit.typography.saved",
  "library.asset.approved",
  "library.asset.archived",
  "library.asset.proposed",
  "library.upload.started",
  "memory.declaration.accepted",
  "memory.declaration.proposed",
  "memory.declaration.rejected",
  "question.answered",
  "question.asked",
  "question.deferred",
  "question.dismissed",
  "team.invitation.revoked",
  "team.member.access_ended",
  "team.member.invited",
  "team.member.joined",
  "team.member.removed",
  "team.member.role_changed",
  "webhook.delivery.resent",
  "webhook.endpoint.created",
  "webhook.endpoint.deleted",
  "webhook.endpoint.secret_rotated",
  "webhook.endpoint.tested",
  "webhook.endpoint.updated",
];

describe("the event catalogue", () => {
  it("lists the stable types, once each, in order", () => {
    expect(EVENT_TYPES).toEqual(EXPECTED);
  });

  it("has events declared by every write capability, and by no read", () => {
    for (const capability of capabilities) {
      const types = Object.keys(capability.events?.types ?? {});
      if (capability.kind === "write") expect(types.length, capability.id).toBeGreaterThan(0);
      else expect(types, capability.id).toEqual([]);
    }
  });

  it("gives every type a description and a data schema that publishes as JSON Schema", () => {
    for (const entry of eventCatalogue) {
      expect(entry.description.length, entry.type).toBeGreaterThan(15);
      expect(entry.type).toMatch(/^[a-z][a-z_]*(\.[a-z][a-z_]*)+$/);
      expect(entry.data.toJSONSchema({ io: "output" })).toMatchObject({ type: "object" });
    }
  });

  it("publishes one OpenAPI webhook per type, and the test event, its body typed with that type and its data", () => {
    const { webhooks, schemas } = webhooksOf();
    expect(Object.keys(webhooks).sort()).toEqual([...EXPECTED, "webhook.test"].sort());
    const body = schemas.KitColorAddedEvent as {
      properties: Record<string, Record<string, unknown>>;
      required: string[];
    };
    expect(body.required.sort()).toEqual(["actor", "brand", "createdAt", "data", "id", "type"]);
    expect(body.properties.type).toMatchObject({ const: "kit.color.added" });
    expect(body.properties.data).toMatchObject({
      properties: { hex: expect.any(Object), contrast: expect.any(Object) },
    });
  });
});
