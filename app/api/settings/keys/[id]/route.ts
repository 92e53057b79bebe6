// Revoke one of the signed-in person's keys. Another person's key answers like an unknown one.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/contract/errors";
import { revokeApiKey } from "@/lib/keys/keys";
import { settingsChange } from "@/lib/keys/settings-http";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const DELETE = settingsChange(async ({ userId, params: { id } }) => {
  if (!(await revokeApiKey(db(), id!, userId)))
    throw new AppError("not_found", "You have no key with this id", { field: "id" });
  return { id, revoked: true };
});

const notAllowed = methodNotAllowed("DELETE");
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT, notAllowed as PATCH };
