// Revoke one of the signed-in person's connected apps (an OAuth grant). Another person's grant
// answers like an unknown one.
import { AppError } from "@/lib/contract/errors";
import { settingsChange } from "@/lib/keys/settings-http";
import { revokeConnectedApp } from "@/lib/keys/connected-apps";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const DELETE = settingsChange(async ({ userId, params: { id } }) => {
  if (!(await revokeConnectedApp(userId, id!)))
    throw new AppError("not_found", "You have no connected app with this id", { field: "id" });
  return { id, revoked: true };
});

const notAllowed = methodNotAllowed("DELETE");
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT, notAllowed as PATCH };
