// No lost update on a partial update. Two calls changing DIFFERENT fields of one record are sent at
// the same moment, one to each of two instances on one PostgreSQL database, in 25 rounds: both are
// applied (the record holds both changes), or the capability's own rules refuse one of them with a
// 4xx (a review of something already reviewed, a stale expectedRevision), never two 200s of which
// only one change is kept. Every capability that updates a row from optional fields has a race here
// (lib/capabilities: read each input schema). Where a schema requires a field the caller does not
// mean to change (kit.typography.save, kit.logos.save, brand.contacts.save, team.role.update), the
// call restates it as the caller read it, as an integrator must: that value must not undo the other
// call's change of it either. Each round's record is made directly in the database, so a round costs
// its four calls (two asked to confirm, two confirmed at once).
import { randomUUID } from "node:crypto";
import { afterAll, describe, it } from "vitest";
import { startReceiver, type Receiver } from "../support/webhook-receiver";
import { postgresSkip, world } from "./targets";
import {
  atOnce,
  confirmed,
  inRounds,
  judge,
  ROUNDS,
  twoInstances,
  type TwoInstances,
  type Write,
} from "./two-instances";

type World = Awaited<ReturnType<typeof world>>;

/** One round: the two writes, what each is called in a failure, and whether each one's change is in the record. */
type Round = { writes: [Write, Write]; names: [string, string]; kept(): Promise<[boolean, boolean]> };

/** A race of one capability: `round` makes the round's record and says what the two calls change. */
type Race = { capability: string; what: string; round(t: TwoInstances, w: World, index: number): Promise<Round> };

const hex = (n: number) => `#${n.toString(16).padStart(6, "0").toUpperCase()}`;

const receivers: Receiver[] = [];
afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.stop()));
});

const RACES: Race[] = [
  {
    capability: "kit.colors.update",
    what: "one renames a colour, the other changes its HEX",
    async round(t, w, index) {
      const id = randomUUID();
      await t.clients.writer.kitColor.create({
        data: { id, brandId: w.brand.id, name: `Colour ${index}`, hex: hex(2 * index + 1), role: "accent" },
      });
      const name = `Renamed ${index}`;
      const newHex = hex(2 * index + 2);
      const row = () => t.clients.writer.kitColor.findUniqueOrThrow({ where: { id } });
      return {
        writes: [
          { capability: "kit.colors.update", body: { id, name } },
          { capability: "kit.colors.update", body: { id, hex: newHex } },
        ],
        names: ["the rename", "the HEX change"],
        kept: async () => {
          const color = await row();
          return [color.name === name, color.hex === newHex];
        },
      };
    },
  },
  {
    capability: "kit.typography.save",
    what: "one renames a family, the other changes its weights (each restating the fields it keeps)",
    async round(t, w, index) {
      const id = randomUUID();
      const family = `Family ${index}`;
      await t.clients.writer.kitTypography.create({
        data: { id, brandId: w.brand.id, family, role: "body", weights: ["400"], position: index },
      });
      const renamed = `Renamed ${index}`;
      const weights = ["400", "700"];
      return {
        writes: [
          { capability: "kit.typography.save", body: { id, family: renamed, role: "body", weights: ["400"] } },
          { capability: "kit.typography.save", body: { id, family, role: "body", weights } },
        ],
        names: ["the family rename", "the weights change"],
        kept: async () => {
          const font = await t.clients.writer.kitTypography.findUniqueOrThrow({ where: { id } });
          return [font.family === renamed, JSON.stringify(font.weights) === JSON.stringify(weights)];
        },
      };
    },
  },
  {
    capability: "kit.logos.save",
    what: "one renames a logo, the other makes it the primary logo (restating its name, form and theme)",
    async round(t, w, index) {
      const assetId = randomUUID();
      const fileName = `logo-${index}.png`;
      await t.clients.writer.asset.create({
        data: {
          id: assetId,
          brandId: w.brand.id,
          name: fileName,
          nameKey: fileName,
          mimeType: "image/png",
          type: "image",
          status: "approved",
          sizeBytes: 100n,
          storageKey: `races/${assetId}`,
        },
      });
      const name = `Logo ${index}`;
      const logo = { form: "horizontal", theme: "light" };
      await t.clients.writer.kitLogo.create({
        data: { id: randomUUID(), brandId: w.brand.id, assetId, name, ...logo, primary: false, position: index },
      });
      const renamed = `Renamed ${index}`;
      return {
        writes: [
          { capability: "kit.logos.save", body: { assetId, name: renamed, ...logo } },
          { capability: "kit.logos.save", body: { assetId, name, ...logo, primary: true } },
        ],
        names: ["the rename", "the primary mark"],
        kept: async () => {
          const row = await t.clients.writer.kitLogo.findFirstOrThrow({ where: { assetId } });
          return [row.name === renamed, row.primary];
        },
      };
    },
  },
  {
    capability: "brand.contacts.save",
    what: "one changes a channel's address, the other gives it a label (restating its type and address)",
    async round(t, w, index) {
      const id = randomUUID();
      const value = `round${index}@races.example`;
      await t.clients.writer.contact.create({ data: { id, brandId: w.brand.id, type: "email", value } });
      const moved = `moved${index}@races.example`;
      return {
        writes: [
          { capability: "brand.contacts.save", body: { op: "upsert", id, type: "email", value: moved } },
          { capability: "brand.contacts.save", body: { op: "upsert", id, type: "email", value, label: "Support" } },
        ],
        names: ["the address change", "the label"],
        kept: async () => {
          const contact = await t.clients.writer.contact.findUniqueOrThrow({ where: { id } });
          return [contact.value === moved, contact.label === "Support"];
        },
      };
    },
  },
  {
    capability: "team.role.update",
    what: "one changes a member's role, the other their end of access (restating the role)",
    async round(t, w, index) {
      const where = { brandId_userId: { brandId: w.brand.id, userId: w.member.userId } };
      await t.clients.writer.membership.update({
        where,
        data: { role: "member", accessUntil: null, accessEndedAt: null },
      });
      const until = new Date(Date.now() + (index + 1) * 86_400_000);
      return {
        writes: [
          { capability: "team.role.update", body: { userId: w.member.userId, role: "viewer" } },
          {
            capability: "team.role.update",
            body: { userId: w.member.userId, role: "member", accessUntil: until.toISOString() },
          },
        ],
        names: ["the role change", "the end of access"],
        kept: async () => {
          const membership = await t.clients.writer.membership.findUniqueOrThrow({ where });
          return [membership.role === "viewer", membership.accessUntil?.getTime() === until.getTime()];
        },
      };
    },
  },
  webhookRace(),
  {
    capability: "genome.entries.review",
    what: "one approves a proposed entry of the voice, the other rejects it",
    async round(t, w, index) {
      const entryId = randomUUID();
      await t.clients.writer.genomeEntry.create({
        data: { id: entryId, brandId: w.brand.id, kind: "voice", value: `Voice ${index}`, position: index },
      });
      const { revision } = await t.clients.writer.genome.findUniqueOrThrow({ where: { brandId: w.brand.id } });
      const status = async () =>
        (await t.clients.writer.genomeEntry.findUniqueOrThrow({ where: { id: entryId } })).status;
      return {
        writes: [
          { capability: "genome.entries.review", body: { entryId, decision: "approve", expectedRevision: revision } },
          { capability: "genome.entries.review", body: { entryId, decision: "reject", expectedRevision: revision } },
        ],
        names: ["the approval", "the rejection"],
        kept: async () => {
          const now = await status();
          return [now === "approved", now === "rejected"];
        },
      };
    },
  },
  {
    capability: "memory.review",
    what: "one accepts a pending declaration, the other rejects it",
    async round(t, w, index) {
      const declarationId = randomUUID();
      await t.clients.writer.memoryDeclaration.create({
        data: {
          id: declarationId,
          brandId: w.brand.id,
          source: "person",
          subject: `Subject ${index}`,
          statement: `Statement ${index}`,
          status: "pending",
        },
      });
      return {
        writes: [
          { capability: "memory.review", body: { declarationId, decision: "accept" } },
          { capability: "memory.review", body: { declarationId, decision: "reject" } },
        ],
        names: ["the acceptance", "the rejection"],
        kept: async () => {
          const row = await t.clients.writer.memoryDeclaration.findUniqueOrThrow({ where: { id: declarationId } });
          return [row.status === "accepted", row.status === "rejected"];
        },
      };
    },
  },
  {
    capability: "library.asset.review",
    what: "one approves a proposed file with a note, the other archives it with another",
    async round(t, w, index) {
      const assetId = randomUUID();
      const fileName = `proposed-${index}.png`;
      await t.clients.writer.asset.create({
        data: {
          id: assetId,
          brandId: w.brand.id,
          name: fileName,
          nameKey: fileName,
          mimeType: "image/png",
          type: "image",
          status: "proposed",
          sizeBytes: 100n,
          storageKey: `races/${assetId}`,
        },
      });
      return {
        writes: [
          { capability: "library.asset.review", body: { assetId, decision: "approve", note: "Good" } },
          { capability: "library.asset.review", body: { assetId, decision: "archive", note: "Not now" } },
        ],
        names: ["the approval", "the archiving"],
        kept: async () => {
          const row = await t.clients.writer.asset.findUniqueOrThrow({ where: { id: assetId } });
          return [
            row.status === "approved" && row.reviewNote === "Good",
            row.status === "archived" && row.reviewNote === "Not now",
          ];
        },
      };
    },
  },
  {
    capability: "brand.profile.update",
    what: "one changes the city, the other the display name, both from one expectedRevision",
    async round(t, w, index) {
      const genome = () => t.clients.writer.genome.findUniqueOrThrow({ where: { brandId: w.brand.id } });
      const { revision } = await genome();
      const city = `City ${index}`;
      const displayName = `Name ${index}`;
      return {
        writes: [
          { capability: "brand.profile.update", body: { expectedRevision: revision, city } },
          { capability: "brand.profile.update", body: { expectedRevision: revision, displayName } },
        ],
        names: ["the city change", "the display name change"],
        kept: async () => {
          const now = await genome();
          return [now.city === city, now.displayName === displayName];
        },
      };
    },
  },
  {
    capability: "questions.answer",
    what: "one answers an open question, the other defers it, both from one expectedRevision",
    async round(t, w, index) {
      const questionId = randomUUID();
      await t.clients.writer.question.create({
        data: {
          id: questionId,
          brandId: w.brand.id,
          key: `races.q${index}`,
          question: `Question ${index}?`,
          scope: "work",
          options: [],
        },
      });
      const answer = `Answer ${index}`;
      const base = { questionId, expectedRevision: 1 };
      return {
        writes: [
          {
            capability: "questions.answer",
            body: { ...base, action: "answer", answer, idempotencyKey: randomUUID() },
            unconfirmed: true,
          },
          {
            capability: "questions.answer",
            body: { ...base, action: "defer", idempotencyKey: randomUUID() },
            unconfirmed: true,
          },
        ],
        names: ["the answer", "the deferral"],
        kept: async () => {
          const row = await t.clients.writer.question.findUniqueOrThrow({ where: { id: questionId } });
          return [row.status === "answered" && row.answer === answer, row.status === "deferred"];
        },
      };
    },
  },
];

/**
 * webhooks.update: one changes an endpoint's description, the other its event types, neither with
 * an expectedRevision (it is optional). The endpoint is made once per test (webhooks.create, on a
 * receiver of its own) and changed in every round; the event types switch between two sets.
 */
function webhookRace(): Race {
  let endpoint: string | undefined;
  const sets = [["kit.color.added"], ["kit.color.added", "kit.color.removed"]];
  return {
    capability: "webhooks.update",
    what: "one changes an endpoint's description, the other its event types",
    async round(t, w, index) {
      if (!endpoint) {
        const receiver = await startReceiver();
        receivers.push(receiver);
        const created = await confirmed(t.urls[0], w.admin.key, w.brand.shortId, {
          capability: "webhooks.create",
          body: { url: receiver.url, eventTypes: sets[0] },
        });
        endpoint = created.body.data.id as string;
      }
      const id = endpoint;
      const row = () => t.clients.writer.webhookEndpoint.findUniqueOrThrow({ where: { id } });
      const typesOf = (stored: string) => JSON.stringify([...(JSON.parse(stored) as string[])].sort());
      // the set it does not have now, so a change that is not applied is seen
      const now = typesOf((await row()).eventTypes);
      const eventTypes = sets.find((set) => typesOf(JSON.stringify(set)) !== now)!;
      const description = `Round ${index}`;
      return {
        writes: [
          { capability: "webhooks.update", body: { id, description } },
          { capability: "webhooks.update", body: { id, eventTypes } },
        ],
        names: ["the description change", "the event types change"],
        kept: async () => {
          const after = await row();
          return [after.description === description, typesOf(after.eventTypes) === typesOf(JSON.stringify(eventTypes))];
        },
      };
    },
  };
}

describe.skipIf(postgresSkip)(
  `two partial updates of one record, at once on two instances${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`,
  () => {
    const t = twoInstances();

    for (const race of RACES) {
      it(`${race.capability}: ${race.what}: both kept, or one refused with a 4xx, ${ROUNDS} rounds`, async () => {
        const w = await world(t);
        await inRounds(race.capability, async (index) => {
          const round = await race.round(t, w, index);
          const answers = await atOnce(t, w.admin.key, w.brand.shortId, index, round.writes);
          return judge(answers, await round.kept(), round.names);
        });
      });
    }
  },
);
