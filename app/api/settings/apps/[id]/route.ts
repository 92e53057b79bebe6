// One of the signed-in person's connected apps (an OAuth grant): revoke it (DELETE), or change who
// confirms its writes (PATCH { confirmBy }). Another person's grant answers like an unknown one.
import { AppError } from "@/lib/contract/errors";
import { settingsChange, settingsWrite } from "@/lib/keys/settings-http";
import { revokeConnectedApp, setAppConfirmBy } from "@/lib/keys/connected-apps";
import { confirmByChange } from "@/lib/keys/confirm-by";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

const unknownApp = () => new AppError("not_found", "You have no connected app with this id", { field: "id" });

export const DELETE = settingsChange(async ({ userId, params: { id } }) => {
  if (!(await revokeConnectedApp(userId, id!))) throw unknownApp();
  return { id, revoked: true };
});

export const PATCH = settingsWrite(confirmByChange, async ({ userId, input, params: { id } }) => {
  if (!(await setAppConfirmBy(userId, id!, input.confirmBy))) throw unknownApp();
  return { id, confirmBy: input.confirmBy };
});

const notAllowed = methodNotAllowed("PATCH, DELETE");
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT };
