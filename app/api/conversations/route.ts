// GET /api/conversations?brand=<short id>[&cursor=]: the signed-in person's conversations in the
// brand, most recently active first ({ items: [{ id, title, updatedAt, answering }], nextCursor }).
import { conversationsOf } from "@/lib/conversations/read";
import { errorResponse, jsonResponse, requirePerson } from "@/lib/assistant/http";
import { invalidInput } from "@/lib/contract/errors";
import { methodNotAllowed, requestIdOf } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const requestId = requestIdOf(request);
  try {
    const userId = await requirePerson(request);
    const query = new URL(request.url).searchParams;
    const brand = query.get("brand");
    if (!brand) throw invalidInput("brand", "required: the brand's short id");
    return jsonResponse(await conversationsOf(userId, brand, query.get("cursor") ?? undefined), requestId);
  } catch (error) {
    return errorResponse(error, requestId);
  }
}

const getOnly = methodNotAllowed("GET");
export { getOnly as POST, getOnly as PUT, getOnly as PATCH, getOnly as DELETE };
