// GET /api/conversations?brand=<short id>[&cursor=]: the signed-in person's conversations in the
// brand, most recently active first ({ items: [{ id, title, updatedAt, answering }], nextCursor }).
import { conversationsOf } from "@/lib/conversations/read";
import { personRoute } from "@/lib/auth/person-route";
import { invalidInput } from "@/lib/contract/errors";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export const GET = personRoute({ origin: false }, ({ userId, request }) => {
  const query = new URL(request.url).searchParams;
  const brand = query.get("brand");
  if (!brand) throw invalidInput("brand", "required: the brand's short id");
  return conversationsOf(userId, brand, query.get("cursor") ?? undefined);
});

const getOnly = methodNotAllowed("GET");
export { getOnly as POST, getOnly as PUT, getOnly as PATCH, getOnly as DELETE };
