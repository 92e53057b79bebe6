// An undo restores the rows its write names (lib/contract/define.ts `undo.records`) and nothing
// else, so a write must name every row it changes, or declare that it cannot be undone. This runs
// every undoable write of the authorization matrix's fixtures once, reads every row of the brand
// in every table before and after, and fails on a changed row the write did not name: a row
// forgotten in a declaration (or a new table) is found here rather than by a person whose undo
// left half of a change in place.
import { describe, expect, it } from "vitest";
import { capabilities } from "../../lib/capabilities/registry";
import { db } from "../../lib/db/client";
import { Prisma } from "../../lib/db/generated/client";
import { isRowModel, keyText, ROW_MODELS, type RecordRef } from "../../lib/db/rows";
import { fixtures } from "../authz/fixtures";
import { createInvitation } from "../../lib/team/invitations";
import { call, expectError, expectOk, makePerson, makeWorld } from "../support/world";

/** Rows that record that a call happened (its audit entry, event, token, answer kept for a retry), not what it changed. */
const BOOKKEEPING = new Set([
  "AuditEntry",
  "ActivityChange",
  "Event",
  "EventSequence",
  "ConfirmationToken",
  "IdempotencyRecord",
  "IdempotentCall",
  "AiUsage",
  "AiPersonUsage",
  "PendingCall",
  "Conversation",
  "ConversationMessage",
  "VoiceSession",
  "VoiceResponse",
]);

/** Tables of people, sign-in and connected apps: no write of a brand changes them. */
const NOT_A_BRANDS = new Set([
  "User",
  "AuthSession",
  "AuthAccount",
  "AuthVerification",
  "ApiKey",
  "OAuthState",
  "OauthClient",
  "OauthResource",
  "OauthClientResource",
  "OauthRefreshToken",
  "OauthAccessToken",
  "OauthConsent",
  "OauthClientAssertion",
  "AppGrant",
]);

type Row = Record<string, unknown>;
type Finder = { findMany(args: { where: Row }): Promise<Row[]> };

/** Which rows of a table are the brand's; undefined for a table of none. */
function brandFilter(table: string, brandId: string): Row | undefined {
  if (table === "Brand") return { id: brandId };
  if (table === "WebhookDelivery") return { endpoint: { brandId } };
  if (table === "WebhookAttempt") return { delivery: { endpoint: { brandId } } };
  const fields = (Prisma as unknown as Record<string, Record<string, string> | undefined>)[`${table}ScalarFieldEnum`];
  return fields && "brandId" in fields ? { brandId } : undefined;
}

const modelOf = (table: string) => table.charAt(0).toLowerCase() + table.slice(1);

/** A row's name within its table: its key columns where undo knows the model, else its id. */
function identity(table: string, row: Row): string {
  const model = modelOf(table);
  const columns: readonly string[] = isRowModel(model) ? ROW_MODELS[model].key : ["id"];
  return JSON.stringify(columns.map((column) => String(row[column])));
}

const text = (row: Row) => JSON.stringify(row, (_key, value) => (typeof value === "bigint" ? String(value) : value));

/** Every row of the brand, by table and identity. */
async function rowsOf(brandId: string): Promise<Map<string, Map<string, string>>> {
  const all = new Map<string, Map<string, string>>();
  for (const table of Object.values(Prisma.ModelName)) {
    if (BOOKKEEPING.has(table) || NOT_A_BRANDS.has(table)) continue;
    const where = brandFilter(table, brandId);
    if (!where) throw new Error(`${table}: a table that is neither a brand's nor listed as bookkeeping or people's`);
    const finder = (db() as unknown as Record<string, Finder>)[modelOf(table)]!;
    const rows = await finder.findMany({ where });
    all.set(table, new Map(rows.map((row) => [identity(table, row), text(row)])));
  }
  return all;
}

/** The tables and identities of rows that differ (added, removed or changed). */
function differences(before: Map<string, Map<string, string>>, after: Map<string, Map<string, string>>) {
  const changed: { table: string; identity: string }[] = [];
  for (const [table, rows] of after) {
    const earlier = before.get(table) ?? new Map<string, string>();
    for (const identity of new Set([...rows.keys(), ...earlier.keys()]))
      if (rows.get(identity) !== earlier.get(identity)) changed.push({ table, identity });
  }
  return changed;
}

/** The rows the write's activity entry names, as `Table ["key"]`. */
async function named(auditEntryId: string): Promise<Set<string>> {
  const changes = await db().activityChange.findMany({
    where: { auditEntryId },
    select: { model: true, recordKey: true },
  });
  return new Set(changes.map((change) => `${change.model} ${change.recordKey}`));
}

type Fixture = (typeof fixtures)[string];

/** An admin of the brand with two waiting invitations they made. */
async function inviter(brandId: string): Promise<string> {
  const person = await makePerson({ name: "Inviter" });
  await db().membership.create({ data: { brandId, userId: person.id, role: "admin" } });
  for (const n of [1, 2])
    await createInvitation(db(), {
      brandId,
      email: `invited-${n}-${person.id}@example.com`,
      role: "viewer",
      accessUntil: null,
      createdById: person.id,
      now: new Date(),
    });
  return person.id;
}

const undoable = capabilities.filter(
  (capability) => capability.kind === "write" && capability.undo && "records" in capability.undo,
);

describe("every undoable write names every row it changes", () => {
  it("the fixtures cover every undoable write", () => {
    expect(undoable.map((capability) => capability.id).filter((id) => !fixtures[id])).toEqual([]);
  });

  const cases: [string, string, Fixture][] = [
    ...undoable.map((capability): [string, string, Fixture] => [
      capability.id,
      capability.id,
      fixtures[capability.id]!,
    ]),
    // a write whose reach depends on the record: an inviter made viewer, or removed, takes their
    // waiting invitations with them
    [
      "team.role.update of an inviter",
      "team.role.update",
      async (brand) => ({ userId: await inviter(brand.id), role: "viewer" }),
    ],
    ["team.remove of an inviter", "team.remove", async (brand) => ({ userId: await inviter(brand.id) })],
  ];

  it.each(cases)("%s", async (_name, id, fixture) => {
    const world = await makeWorld();
    const brand = { id: world.brand.id, shortId: world.brand.shortId };
    const input = { brand: brand.shortId, ...(await fixture(brand)) };
    const before = await rowsOf(brand.id);
    let answer = await call(id, world.admin.key, input);
    if (answer.body?.error?.code === "confirmation_required") {
      const token = expectError(answer, 409, "confirmation_required").confirmationToken as string;
      answer = await call(id, world.admin.key, { ...input, confirmationToken: token });
    }
    expectOk(answer);
    const after = await rowsOf(brand.id);
    const entry = await db().auditEntry.findFirstOrThrow({
      where: { brandId: brand.id, requestId: answer.headers.get("x-request-id")!, outcome: "ok" },
      select: { id: true },
    });
    const kept = await named(entry.id);
    const changed = differences(before, after);
    expect(changed.length, `${id} changed nothing`).toBeGreaterThan(0);
    const forgotten = changed.filter(({ table, identity }) => {
      const model = modelOf(table);
      if (!isRowModel(model)) return true;
      const ref: RecordRef = {
        model,
        key: Object.fromEntries(ROW_MODELS[model].key.map((column, i) => [column, JSON.parse(identity)[i]])),
      };
      return !kept.has(`${model} ${keyText(ref)}`);
    });
    expect(forgotten, `${id} changed rows its undo declaration does not name`).toEqual([]);
  });
});
