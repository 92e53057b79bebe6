// Revoke one of the signed-in person's keys. Another person's key answers like an unknown one.
import { db } from "@/lib/db/client";
import { AppError } from "@/lib/contract/errors";
import { revokeApiKey } from "@/lib/keys/keys";
import { settingsAction } from "@/lib/keys/settings-http";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export async function DELETE(request: Request, { params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  return settingsAction(request, { write: true }, async ({ userId }) => {
    if (!(await revokeApiKey(db(), id, userId)))
      throw new AppError("not_found", "You have no key with this id", { field: "id" });
    return { id, revoked: true };
  });
}

const notAllowed = methodNotAllowed("DELETE");
export { notAllowed as GET, notAllowed as POST, notAllowed as PUT, notAllowed as PATCH };
