// One of the signed-in person's conversations: GET its last messages (?before=<position> for
// earlier ones), PATCH { title } to rename it, DELETE to delete it for good. Anyone else's id, or a
// conversation of a brand the person left, is 404 like an unknown one.
import { z } from "zod";
import { conversationPage, ownConversation } from "@/lib/conversations/read";
import { deleteConversation, renameConversation } from "@/lib/conversations/store";
import { checkOrigin, errorResponse, jsonResponse, readJsonObject, requirePerson } from "@/lib/assistant/http";
import { invalidInput } from "@/lib/contract/errors";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";

export const dynamic = "force-dynamic";
type Context = { params: Promise<{ id: string }> };

export async function GET(request: Request, { params }: Context) {
  const requestId = requestIdOf(request);
  try {
    const userId = await requirePerson(request);
    const before = new URL(request.url).searchParams.get("before");
    if (before !== null && !/^[1-9][0-9]{0,8}$/.test(before))
      throw invalidInput("before", "must be a position returned as earlier");
    return jsonResponse(
      await conversationPage(userId, (await params).id, before === null ? undefined : Number(before), requestId),
      requestId,
    );
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const rename = z.object({ title: z.string().trim().min(1).max(200) }).strict();

export async function PATCH(request: Request, { params }: Context) {
  const requestId = requestIdOf(request);
  try {
    checkOrigin(request);
    const userId = await requirePerson(request);
    const parsed = rename.safeParse(await readJsonObject(request, 4096));
    if (!parsed.success) throw invalidInput("title", "must be 1 to 200 characters");
    const { id } = await params;
    await ownConversation(userId, id);
    return jsonResponse({ id, title: await renameConversation(userId, id, parsed.data.title) }, requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

export async function DELETE(request: Request, { params }: Context) {
  const requestId = requestIdOf(request);
  try {
    checkOrigin(request);
    const userId = await requirePerson(request);
    const { id } = await params;
    await ownConversation(userId, id);
    await deleteConversation(userId, id);
    return jsonResponse({ id, deleted: true }, requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const notAllowed = methodNotAllowed("GET, PATCH, DELETE");
export { notAllowed as POST, notAllowed as PUT };
