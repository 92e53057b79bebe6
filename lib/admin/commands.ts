// Operator commands (docs/design.md, the admin CLI): bootstrapping people, brands, memberships and
// keys. Used by the admin CLI, the demo seed and the tests. Each returns the JSON object the CLI
// prints.
import { randomUUID } from "node:crypto";
import type { PrismaClient } from "../db/generated/client";
import { SCOPES, type Scope } from "../contract/catalogue";
import { createApiKey, resolveScopes, revokeApiKey } from "../keys/keys";
import { isConfirmBy } from "../keys/confirm-by";
import { isRole } from "../contract/roles";
import { isPlan, PLANS } from "../plans";
import { credentialAccount, passwordProblem } from "./people";

export class CommandError extends Error {}

const SHORT_ID = /^[A-Za-z]+-[0-9]+$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const BRAND_STATUSES = ["active", "closed", "archived"] as const;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export async function createUser(
  db: PrismaClient,
  options: { email: string; name: string; staff?: boolean; password?: string },
) {
  const email = options.email.trim().toLowerCase();
  if (!EMAIL.test(email)) throw new CommandError(`--email: "${options.email}" is not an email address`);
  if (!options.name.trim()) throw new CommandError("--name: must not be empty");
  const problem = options.password === undefined ? null : passwordProblem(options.password);
  if (problem) throw new CommandError(`--password: ${problem}`);
  if (await db.user.findUnique({ where: { email } }))
    throw new CommandError(`--email: a person with ${email} already exists`);
  const id = randomUUID();
  const account = options.password === undefined ? null : await credentialAccount(id, options.password);
  await db.$transaction([
    db.user.create({ data: { id, email, name: options.name.trim(), staff: options.staff ?? false } }),
    ...(account ? [db.authAccount.create({ data: account })] : []),
  ]);
  return { id };
}

/**
 * Sets (or replaces) a person's sign-in password, e.g. for people created before sign-in existed.
 * Their open sessions end: whoever knew the old password is signed out.
 */
export async function setPassword(db: PrismaClient, options: { email: string; password: string }) {
  const problem = passwordProblem(options.password);
  if (problem) throw new CommandError(`--password: ${problem}`);
  const user = await findUser(db, options.email);
  const account = await credentialAccount(user.id, options.password);
  await db.$transaction([
    db.authAccount.deleteMany({ where: { userId: user.id, providerId: "credential" } }),
    db.authAccount.create({ data: account }),
    db.authSession.deleteMany({ where: { userId: user.id } }),
  ]);
  return { id: user.id, passwordSet: true as const };
}

export async function createBrand(
  db: PrismaClient,
  options: { name: string; shortId: string; plan?: string; managerId?: string },
) {
  if (!SHORT_ID.test(options.shortId))
    throw new CommandError(`--short-id: "${options.shortId}" must look like ACME-1 (letters, a dash, a number)`);
  if (!options.name.trim()) throw new CommandError("--name: must not be empty");
  if (options.plan !== undefined && !isPlan(options.plan)) {
    throw new CommandError(`--plan: "${options.plan}" is not a plan (${Object.keys(PLANS).join(", ")})`);
  }
  const shortIdKey = options.shortId.toLowerCase();
  if (await db.brand.findUnique({ where: { shortIdKey } }))
    throw new CommandError(`--short-id: ${options.shortId} is taken`);
  const id = randomUUID();
  await db.$transaction([
    db.brand.create({
      data: {
        id,
        shortId: options.shortId,
        shortIdKey,
        name: options.name.trim(),
        plan: options.plan ?? null,
        managerId: options.managerId ?? null,
      },
    }),
    db.genome.create({ data: { brandId: id, displayName: options.name.trim() } }),
  ]);
  return { id, shortId: options.shortId };
}

export async function findBrand(db: PrismaClient, ref: string) {
  const brand = await db.brand.findUnique({
    where: UUID.test(ref) ? { id: ref.toLowerCase() } : { shortIdKey: ref.toLowerCase() },
  });
  if (!brand) throw new CommandError(`--brand: no brand ${ref}`);
  return brand;
}

async function findUser(db: PrismaClient, email: string) {
  const user = await db.user.findUnique({ where: { email: email.trim().toLowerCase() } });
  if (!user) throw new CommandError(`--email: no person with ${email}`);
  return user;
}

export async function setBrandStatus(db: PrismaClient, options: { brand: string; status: string }) {
  if (!(BRAND_STATUSES as readonly string[]).includes(options.status)) {
    throw new CommandError(`--status: must be one of ${BRAND_STATUSES.join(", ")}`);
  }
  const brand = await findBrand(db, options.brand);
  await db.brand.update({ where: { id: brand.id }, data: { status: options.status } });
  return { id: brand.id, status: options.status };
}

export async function addMember(db: PrismaClient, options: { brand: string; email: string; role: string }) {
  if (!isRole(options.role)) throw new CommandError("--role: must be viewer, member or admin");
  const [brand, user] = [await findBrand(db, options.brand), await findUser(db, options.email)];
  await db.membership.upsert({
    where: { brandId_userId: { brandId: brand.id, userId: user.id } },
    create: { brandId: brand.id, userId: user.id, role: options.role },
    update: { role: options.role },
  });
  return { brandId: brand.id, userId: user.id, role: options.role };
}

export async function removeMember(db: PrismaClient, options: { brand: string; email: string }) {
  const [brand, user] = [await findBrand(db, options.brand), await findUser(db, options.email)];
  const removed = await db.membership.deleteMany({ where: { brandId: brand.id, userId: user.id } });
  if (removed.count === 0) throw new CommandError(`${user.email} is not a member of ${brand.shortId}`);
  return { removed: true as const };
}

export async function createKey(
  db: PrismaClient,
  options: { email: string; scopes: string; brands?: string; expiresAt?: string; name?: string; confirmBy?: string },
) {
  // a key is most often a script's: by default it confirms its own writes (caller)
  const confirmBy = options.confirmBy ?? "caller";
  if (!isConfirmBy(confirmBy)) throw new CommandError(`--confirm-by: "${options.confirmBy}" is not person or caller`);
  const user = await findUser(db, options.email);
  const scopes = parseScopes(options.scopes);
  const brandIds = options.brands
    ? await Promise.all(options.brands.split(",").map(async (ref) => (await findBrand(db, ref.trim())).id))
    : null;
  let expiresAt: Date | null = null;
  if (options.expiresAt !== undefined) {
    expiresAt = new Date(options.expiresAt);
    if (Number.isNaN(expiresAt.getTime()))
      throw new CommandError(`--expires-at: "${options.expiresAt}" is not an ISO 8601 time`);
  }
  const { id, key } = await createApiKey(db, {
    userId: user.id,
    scopes,
    brandIds,
    expiresAt,
    name: options.name ?? null,
    confirmBy,
  });
  return { id, key, confirmBy };
}

export async function revokeKey(db: PrismaClient, options: { id: string }) {
  if (!(await revokeApiKey(db, options.id))) throw new CommandError(`--id: no key ${options.id}`);
  return { id: options.id, revoked: true as const };
}

function parseScopes(value: string): Scope[] {
  const resolved = resolveScopes(
    value
      .split(",")
      .map((scope) => scope.trim())
      .filter(Boolean),
  );
  if ("unknown" in resolved || resolved.scopes.length === 0) {
    const unknown = "unknown" in resolved ? resolved.unknown.join(", ") : "(none given)";
    throw new CommandError(`--scopes: unknown ${unknown}; use all or some of ${SCOPES.join(", ")}`);
  }
  return resolved.scopes;
}
