// One valid input per capability, naming records that exist in the brand it is made for, so that
// every cell of the matrix whose checks pass can reach success. Each call makes fresh records: a
// case that succeeds consumes its own (an answered question, a reviewed file) and disturbs no other.
import { randomBytes, randomUUID } from "node:crypto";
import type { Scope } from "../../lib/contract/catalogue";
import { randomBase62, sha256 } from "../../lib/crypto";
import { db } from "../../lib/db/client";
import { encodeRow, keyText, rowRef } from "../../lib/db/rows";
import { createInvitation } from "../../lib/team/invitations";
import {
  makeAsset,
  makeConnection,
  makeMemoryDeclaration,
  makeQuestion,
  makeWebhookEndpoint,
} from "../support/records";
import { bytes, uploadApproved } from "../support/files";

export type FixtureBrand = { id: string; shortId: string };
/** `key`: the calling key, for a capability that reads only its caller's own records (confirmations.get) */
type Fixture = (brand: FixtureBrand, key?: string | null) => Promise<Record<string, unknown>>;

/** The OAuth provider the matrix's own server is configured with (connections.connect). */
export const MATRIX_PROVIDER = "matrixmock";

const tag = () => randomUUID().slice(0, 8);

/** A proposed genome entry, for genome.entries.review to approve. */
async function makeGenomeEntry(brandId: string): Promise<string> {
  const id = randomUUID();
  await db().genomeEntry.create({
    data: { id, brandId, kind: "guardrail", value: `Matrix ${tag()}`, status: "proposed" },
  });
  return id;
}

/** A colour of the brand's kit, of its own HEX (one per HEX and role), for the kit edits to change. */
async function makeKitColor(brandId: string): Promise<string> {
  const id = randomUUID();
  const hex = `#${randomBytes(3).toString("hex").toUpperCase()}`;
  await db().kitColor.create({ data: { id, brandId, name: `Matrix ${tag()}`, hex, role: "neutral" } });
  return id;
}

/**
 * An activity entry whose write made a colour, as the pipeline keeps it. By default an undo that
 * brought the colour back: undoing it (a redo) needs activity.write alone, the scope of the entry's
 * own capability, so the matrix's one-scope key reaches success; a kit.colors.add entry needs kit.write too.
 */
async function makeUndoableEntry(brandId: string, capabilityId = "activity.undo"): Promise<string> {
  const colour = await makeKitColor(brandId);
  const after = encodeRow(await db().kitColor.findUniqueOrThrow({ where: { id: colour } }));
  const id = randomUUID();
  const at = new Date();
  await db().auditEntry.create({
    data: { id, at, requestId: randomUUID(), door: "api", capabilityId, brandId, outcome: "ok" },
  });
  await db().activityChange.create({
    data: {
      id: randomUUID(),
      auditEntryId: id,
      brandId,
      position: 0,
      model: "kitColor",
      recordKey: keyText(rowRef("kitColor", colour)),
      after,
      at,
    },
  });
  return id;
}

async function makeKitTypography(brandId: string): Promise<string> {
  const id = randomUUID();
  await db().kitTypography.create({ data: { id, brandId, family: `Matrix ${tag()}`, role: "body", weights: ["400"] } });
  return id;
}

/** An approved file of the brand in its kit as a logo; the file's id names it. */
async function makeKitLogo(brandId: string): Promise<string> {
  const assetId = await makeAsset(brandId, "approved");
  await db().kitLogo.create({
    data: { id: randomUUID(), brandId, assetId, name: `Matrix ${tag()}`, form: "square", theme: "light" },
  });
  return assetId;
}

export const fixtures: Record<string, Fixture> = {
  "brands.list": async () => ({}),
  "brand.overview": async () => ({}),
  "brand.soul.read": async () => ({}),
  // a text needs brand.read alone; a file would also need kit.read and library.read (test/api/brand-check.test.ts)
  "brand.check": async () => ({ text: "Fresh beans, roasted this week." }),
  "brand.profile.update": async (brand) => ({
    expectedRevision: (await db().genome.findUniqueOrThrow({ where: { brandId: brand.id } })).revision,
    city: `Matrix ${tag()}`,
  }),
  "brand.contacts.list": async () => ({}),
  "brand.contacts.save": async () => ({
    op: "upsert",
    type: "website",
    value: `https://matrix-${tag()}.example`,
    label: "Matrix",
  }),
  "questions.list": async () => ({}),
  "questions.ask": async () => ({
    questions: [{ key: `matrix.${tag()}`, question: "Which roast?", options: ["Light", "Dark"], scope: "genome" }],
  }),
  "questions.answer": async (brand) => ({
    questionId: await makeQuestion(brand.id),
    expectedRevision: 1,
    action: "answer",
    answer: "Dark",
    idempotencyKey: `matrix-${tag()}`,
  }),
  "library.search": async () => ({ limit: 5 }),
  "library.asset.get": async (brand) => ({ assetId: await makeAsset(brand.id, "approved") }),
  "library.asset.review": async (brand) => ({ assetId: await makeAsset(brand.id, "proposed"), decision: "approve" }),
  "library.upload.create": async () => ({
    step: "start",
    fileName: "matrix.png",
    mimeType: "image/png",
    sizeBytes: 70,
    category: "logo",
  }),
  "connections.list": async () => ({ includeCatalog: true }),
  "connections.connect": async () => ({ provider: MATRIX_PROVIDER }),
  "connections.disconnect": async (brand) => ({ connectionId: await makeConnection(brand.id, MATRIX_PROVIDER) }),
  "kit.read": async () => ({ parts: ["colors", "instructions"] }),
  "kit.colors.add": async () => ({ name: "Matrix", hex: `#${randomBytes(3).toString("hex")}`, role: "accent" }),
  "kit.instructions.update": async () => ({ section: "general", text: `Matrix text ${tag()}` }),
  "kit.colors.update": async (brand) => ({ id: await makeKitColor(brand.id), name: `Matrix ${tag()}` }),
  "kit.colors.remove": async (brand) => ({ id: await makeKitColor(brand.id) }),
  "kit.typography.save": async () => ({ family: `Matrix ${tag()}`, role: "body", weights: ["400"] }),
  "kit.typography.remove": async (brand) => ({ id: await makeKitTypography(brand.id) }),
  "kit.logos.save": async (brand) => ({
    assetId: await makeAsset(brand.id, "approved"),
    name: `Matrix ${tag()}`,
    form: "square",
    theme: "light",
  }),
  "kit.logos.remove": async (brand) => ({ assetId: await makeKitLogo(brand.id) }),
  "activity.list": async () => ({ door: "api", limit: 5 }),
  "activity.undo": async (brand) => ({ activityId: await makeUndoableEntry(brand.id) }),
  "budget.usage": async () => ({}),
  "events.list": async () => ({ types: ["kit.color.added"], limit: 5 }),
  "webhooks.list": async () => ({}),
  // a type of the catalogue (unknown ones are refused) the matrix never produces (its reviews only
  // approve): these endpoints are owed nothing, so no delivery worker competes with the matrix's calls
  // a URL of its own each (one endpoint per URL in a brand)
  "webhooks.create": async () => ({ url: `http://127.0.0.1:9/hooks/${tag()}`, eventTypes: ["library.asset.archived"] }),
  "webhooks.update": async (brand) => ({
    id: (await makeWebhookEndpoint(brand.id)).id,
    description: `Matrix ${tag()}`,
  }),
  "webhooks.delete": async (brand) => ({ id: (await makeWebhookEndpoint(brand.id)).id }),
  "webhooks.secret.rotate": async (brand) => ({ id: (await makeWebhookEndpoint(brand.id)).id }),
  "webhooks.deliveries.list": async (brand) => ({ id: (await makeWebhookEndpoint(brand.id)).id }),
  "webhooks.deliveries.resend": async (brand) => ({ ...(await makeWebhookEndpoint(brand.id)) }),
  "webhooks.test": async (brand) => ({ id: (await makeWebhookEndpoint(brand.id)).id }),
  "genome.read": async () => ({}),
  "genome.entries.propose": async () => ({ entries: [{ kind: "guardrail", value: `Matrix ${tag()}` }] }),
  "genome.entries.review": async (brand) => ({
    entryId: await makeGenomeEntry(brand.id),
    decision: "approve",
    expectedRevision: (await db().genome.findUniqueOrThrow({ where: { brandId: brand.id } })).revision,
  }),
  "memory.list": async () => ({}),
  "memory.propose": async () => ({ subject: `matrix.${tag()}`, statement: "We roast on Mondays." }),
  "memory.review": async (brand) => ({ declarationId: await makeMemoryDeclaration(brand.id), decision: "accept" }),
  "team.list": async () => ({}),
  "team.invite": async () => ({ email: `matrix-${tag()}@example.com`, role: "viewer" }),
  "team.invitations.revoke": async (brand) => ({ id: await makeInvitation(brand.id) }),
  "team.role.update": async (brand) => ({ userId: await makeTeamMember(brand.id), role: "member" }),
  "team.remove": async (brand) => ({ userId: await makeTeamMember(brand.id) }),
  // the default is "either": "person" changes the brand's row, as the undo coverage needs; the
  // matrix calls with personal keys, which the policy leaves to their owner
  "brand.policy.update": async () => ({ agentsConfirmBy: "person" }),
  "confirmations.get": async (brand, key) => ({ confirmationId: await makeWaitingWrite(brand.id, key) }),
};

/**
 * A write the calling key parked for its person (a key that confirms by person), for
 * confirmations.get, which reads only its caller's own; without a known key, an id nobody holds.
 */
async function makeWaitingWrite(brandId: string, key: string | null | undefined): Promise<string> {
  const id = randomBase62(32);
  const owner = key ? await db().apiKey.findUnique({ where: { hash: sha256(key) } }) : null;
  if (!owner) return id;
  await db().pendingCall.create({
    data: {
      id,
      userId: owner.userId,
      brandId,
      capabilityId: "kit.colors.add",
      input: "{}",
      summary: `Matrix ${tag()}`,
      door: "api",
      caller: `person:key:${owner.id}`,
      expiresAt: new Date(Date.now() + 3_600_000),
    },
  });
  return id;
}

/**
 * For each capability that declares extraScopes (lib/contract/extra-scopes.ts): an input that needs
 * some of them, and which. The matrix makes it in the admin's own brand (`key` may do anything there,
 * for a file to upload), then calls with a key lacking each of them in turn, and with all of them.
 */
export const extraScopeFixtures: Record<
  string,
  { needs: Scope[]; input: (brand: FixtureBrand, key: string) => Promise<Record<string, unknown>> }
> = {
  "brand.check": {
    needs: ["library.read", "kit.read"],
    input: async (brand, key) => ({
      assetId: await uploadApproved(
        { key, brand: brand.shortId },
        { fileName: "matrix.png", mimeType: "image/png", body: bytes.png() },
      ),
    }),
  },
  "activity.undo": {
    needs: ["kit.write"],
    input: async (brand) => ({ activityId: await makeUndoableEntry(brand.id, "kit.colors.add") }),
  },
};

/** A viewer of the brand of their own, for the team's writes to change or remove. */
async function makeTeamMember(brandId: string): Promise<string> {
  const id = randomUUID();
  await db().user.create({ data: { id, email: `matrix-${tag()}@example.com`, name: `Matrix ${tag()}` } });
  await db().membership.create({ data: { brandId, userId: id, role: "viewer" } });
  return id;
}

/** A waiting invitation of the brand, for team.invitations.revoke. */
async function makeInvitation(brandId: string): Promise<string> {
  const { id } = await createInvitation(db(), {
    brandId,
    email: `matrix-${tag()}@example.com`,
    role: "viewer",
    accessUntil: null,
    createdById: randomUUID(),
    now: new Date(),
  });
  return id;
}
