// The signed-in person's API keys: list (GET) and create (POST; the key is in this answer only).
import { z } from "zod";
import { db } from "@/lib/db/client";
import { createApiKey, listApiKeys } from "@/lib/keys/keys";
import { parseCreateKey } from "@/lib/keys/create-input";
import { settingsRead, settingsWrite } from "@/lib/keys/settings-http";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = settingsRead(async ({ userId }) => ({ items: await listApiKeys(db(), userId) }));

// parseCreateKey checks the body itself: every refusal names its field, and brands are resolved against the database
export const POST = settingsWrite(z.unknown(), async ({ userId, input }) => {
  const created = await createApiKey(db(), await parseCreateKey(db(), userId, input, new Date()));
  return { id: created.id, key: created.key, prefix: created.prefix };
});

const notAllowed = methodNotAllowed("GET, POST");
export { notAllowed as PUT, notAllowed as PATCH, notAllowed as DELETE };
