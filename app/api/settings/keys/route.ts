// The signed-in person's API keys: list (GET) and create (POST; the key is in this answer only).
import { db } from "@/lib/db/client";
import { createApiKey, listApiKeys } from "@/lib/keys/keys";
import { parseCreateKey } from "@/lib/keys/create-input";
import { settingsAction } from "@/lib/keys/settings-http";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export function GET(request: Request) {
  return settingsAction(request, { write: false }, async ({ userId }) => ({ items: await listApiKeys(db(), userId) }));
}

export function POST(request: Request) {
  return settingsAction(request, { write: true }, async ({ userId, body }) => {
    const created = await createApiKey(db(), await parseCreateKey(db(), userId, body, new Date()));
    return { id: created.id, key: created.key, prefix: created.prefix };
  });
}

const notAllowed = methodNotAllowed("GET, POST");
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
