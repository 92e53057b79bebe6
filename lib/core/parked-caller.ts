// Step 1 of the pipeline for a write its person confirmed (lib/pending/person-decision.ts): the
// key or app that asked, read again now. A key revoked or expired meanwhile, or an app whose grant
// was taken back, runs nothing; the scopes are the ones it asked with, never more than the key or
// grant allows now; role and brand access are checked by the pipeline's later steps as for any call.
import { db } from "../db/client";
import { isScope, type Scope } from "../contract/catalogue";
import type { Actor } from "../contract/context";
import { AppError } from "../contract/errors";
import { list } from "./app-tokens";

const gone = () => new AppError("unauthenticated", "The key or app that asked for this write is revoked or expired");

export async function authenticateParked(caller: string, scopes: readonly string[], now: Date): Promise<Actor> {
  const [kind, id = ""] = splitCaller(caller);
  const asked = new Set(scopes);
  const within = (granted: unknown): Scope[] =>
    list(granted).filter((scope): scope is Scope => isScope(scope) && asked.has(scope));
  if (kind === "key") {
    const key = await db().apiKey.findUnique({
      where: { id },
      include: { user: { select: { name: true, staff: true } } },
    });
    if (!key || key.revokedAt !== null || (key.expiresAt && key.expiresAt <= now)) throw gone();
    return {
      userId: key.userId,
      name: key.user.name,
      staff: key.user.staff,
      apiKeyId: key.id,
      apiKeyName: key.name ?? undefined,
      scopes: within(key.scopes),
      brandIds: key.brandIds === null ? null : list(key.brandIds),
      confirmBy: "person",
    };
  }
  if (kind === "app") {
    const grant = await db().appGrant.findUnique({ where: { id } });
    const user =
      grant && (await db().user.findUnique({ where: { id: grant.userId }, select: { name: true, staff: true } }));
    const client =
      grant &&
      (await db().oauthClient.findUnique({
        where: { clientId: grant.clientId },
        select: { name: true, disabled: true },
      }));
    if (!grant || !user || client?.disabled) throw gone();
    return {
      userId: grant.userId,
      name: user.name,
      staff: user.staff,
      apiKeyId: null,
      scopes: within(grant.scopes),
      brandIds: list(grant.brandIds),
      app: { clientId: grant.clientId, name: client?.name ?? grant.clientId, grantId: grant.id },
      confirmBy: "person",
    };
  }
  throw gone();
}

/** `key:<id>` or `app:<grant id>` (callerKey, lib/core/auth.ts), as its two parts. */
function splitCaller(caller: string): [string, string | undefined] {
  const colon = caller.indexOf(":");
  return colon < 0 ? [caller, undefined] : [caller.slice(0, colon), caller.slice(colon + 1)];
}
