// One of the signed-in person's conversations: GET its last messages (?before=<position> for
// earlier ones), PATCH { title } to rename it, DELETE to delete it for good. Anyone else's id, or a
// conversation of a brand the person left, is 404 like an unknown one.
import { z } from "zod";
import { conversationPage, ownConversation } from "@/lib/conversations/read";
import { deleteConversation, renameConversation } from "@/lib/conversations/store";
import { personRoute } from "@/lib/auth/person-route";
import { invalidInput } from "@/lib/contract/errors";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = personRoute({ origin: false }, ({ userId, request, requestId, params }) => {
  const before = new URL(request.url).searchParams.get("before");
  if (before !== null && !/^[1-9][0-9]{0,8}$/.test(before))
    throw invalidInput("before", "must be a position returned as earlier");
  return conversationPage(userId, params.id!, before === null ? undefined : Number(before), requestId);
});

const rename = z.object({ title: z.string().trim().min(1).max(200) }).strict();

export const PATCH = personRoute(
  { origin: "browser", body: { limit: 4096, schema: rename } },
  async ({ userId, input, params: { id } }) => {
    await ownConversation(userId, id!);
    return { id, title: await renameConversation(userId, id!, input.title) };
  },
);

export const DELETE = personRoute({ origin: "browser" }, async ({ userId, params: { id } }) => {
  await ownConversation(userId, id!);
  await deleteConversation(userId, id!);
  return { id, deleted: true };
});

const notAllowed = methodNotAllowed("GET, PATCH, DELETE");
export { notAllowed as POST, notAllowed as PUT };
