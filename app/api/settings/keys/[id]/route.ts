// One of the signed-in person's keys: revoke it (DELETE), or change who confirms its writes (PATCH
// { confirmBy }). Another person's key answers like an unknown one.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/contract/errors";
import { revokeApiKey, setKeyConfirmBy } from "@/lib/keys/keys";
import { confirmByChange } from "@/lib/keys/confirm-by";
import { settingsChange, settingsWrite } from "@/lib/keys/settings-http";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

const unknownKey = () => new AppError("not_found", "You have no key with this id", { field: "id" });

export const DELETE = settingsChange(async ({ userId, params: { id } }) => {
  if (!(await revokeApiKey(db(), id!, userId))) throw unknownKey();
  return { id, revoked: true };
});

export const PATCH = settingsWrite(confirmByChange, async ({ userId, input, params: { id } }) => {
  if (!(await setKeyConfirmBy(db(), id!, userId, input.confirmBy))) throw unknownKey();
  return { id, confirmBy: input.confirmBy };
});

const notAllowed = methodNotAllowed("PATCH, DELETE");
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT };
