// Personal API keys: created, listed and revoked here, for both the operator CLI
// (lib/admin/commands.ts) and the settings page (app/api/settings/keys). The key itself is
// returned once; only its SHA-256 and a short prefix are stored (docs/design.md, keys and roles).
import { randomUUID } from "node:crypto";
import { holdTheWriter } from "../db/client";
import type { PrismaClient } from "../db/generated/client";
import { isScope, SCOPES, type Scope } from "../contract/catalogue";
import { newApiKey } from "../core/auth";
import { liveMembership } from "../team/live-membership";
import { confirmByOf, type ConfirmBy } from "./confirm-by";

// key ids are UUIDs (createApiKey): anything else (a NUL included, which PostgreSQL cannot compare) is unknown
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export type NewKey = {
  userId: string;
  scopes: readonly Scope[];
  /** brand ids the key is limited to; null for every brand the person can reach */
  brandIds: readonly string[] | null;
  expiresAt: Date | null;
  name: string | null;
  /** who confirms the key's writes; absent, the program using it ("caller") */
  confirmBy?: ConfirmBy;
};

export type KeyView = {
  id: string;
  name: string | null;
  prefix: string;
  scopes: Scope[];
  brands: { id: string; shortId: string }[] | null;
  expiresAt: string | null;
  lastUsedAt: string | null;
  createdAt: string;
  revokedAt: string | null;
  confirmBy: ConfirmBy;
};

/** "all" or a list of scope names: the scopes, or the unknown names. */
export function resolveScopes(names: readonly string[]): { scopes: Scope[] } | { unknown: string[] } {
  if (names.includes("all")) return { scopes: [...SCOPES] };
  const unknown = names.filter((name) => !isScope(name));
  if (unknown.length > 0) return { unknown };
  return { scopes: [...new Set(names)] as Scope[] };
}

export async function createApiKey(
  db: PrismaClient,
  input: NewKey,
): Promise<{ id: string; key: string; prefix: string }> {
  const { key, hash, prefix } = newApiKey();
  const id = randomUUID();
  await db.apiKey.create({
    data: {
      id,
      userId: input.userId,
      name: input.name,
      prefix,
      hash,
      scopes: [...input.scopes],
      brandIds: input.brandIds ? [...input.brandIds] : undefined,
      expiresAt: input.expiresAt,
      confirmBy: input.confirmBy ?? "caller",
    },
  });
  return { id, key, prefix };
}

/**
 * Revokes a key (of this person, when ownerId is given). False when there is no such key, so
 * another person's key id reads exactly like an unknown one. Revoking twice keeps the first time.
 */
export async function revokeApiKey(db: PrismaClient, id: string, ownerId?: string): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const where = { id, ...(ownerId ? { userId: ownerId } : {}) };
  return db.$transaction(async (tx) => {
    // on SQLite, the write lock before the read (lib/db/client.ts)
    await holdTheWriter(tx);
    if ((await tx.apiKey.count({ where })) === 0) return false;
    await tx.apiKey.updateMany({ where: { ...where, revokedAt: null }, data: { revokedAt: new Date() } });
    return true;
  });
}

/** A person's keys, newest first, with their brands by short id. Never the hash. */
export async function listApiKeys(db: PrismaClient, userId: string): Promise<KeyView[]> {
  const rows = await db.apiKey.findMany({ where: { userId }, orderBy: [{ createdAt: "desc" }, { id: "asc" }] });
  const brandIds = [...new Set(rows.flatMap((row) => (row.brandIds as string[] | null) ?? []))];
  const brands =
    brandIds.length > 0
      ? await db.brand.findMany({ where: { id: { in: brandIds } }, select: { id: true, shortId: true } })
      : [];
  const shortIds = new Map(brands.map((brand) => [brand.id, brand.shortId]));
  const iso = (date: Date | null) => date?.toISOString() ?? null;
  return rows.map((row) => ({
    id: row.id,
    name: row.name,
    prefix: row.prefix,
    scopes: (row.scopes as string[]).filter(isScope),
    // a brand deleted since shows by its id
    brands: (row.brandIds as string[] | null)?.map((id) => ({ id, shortId: shortIds.get(id) ?? id })) ?? null,
    expiresAt: iso(row.expiresAt),
    lastUsedAt: iso(row.lastUsedAt),
    createdAt: row.createdAt.toISOString(),
    revokedAt: iso(row.revokedAt),
    confirmBy: confirmByOf(row.confirmBy, "caller"),
  }));
}

/**
 * Changes who confirms a key's writes (of this person's keys only), from the key's next call.
 * False when there is no such key, so another person's key id reads exactly like an unknown one.
 */
export async function setKeyConfirmBy(
  db: PrismaClient,
  id: string,
  ownerId: string,
  confirmBy: ConfirmBy,
): Promise<boolean> {
  if (!UUID.test(id)) return false;
  const { count } = await db.apiKey.updateMany({ where: { id, userId: ownerId }, data: { confirmBy } });
  return count > 0;
}

/** Brands a person may limit a key to: their memberships, or every brand for staff. */
export async function keyableBrands(
  db: PrismaClient,
  userId: string,
): Promise<{ id: string; shortId: string; name: string }[]> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { staff: true } });
  if (!user) return [];
  return db.brand.findMany({
    where: user.staff ? {} : { memberships: { some: { userId, ...liveMembership(new Date()) } } },
    select: { id: true, shortId: true, name: true },
    orderBy: { shortIdKey: "asc" },
  });
}
