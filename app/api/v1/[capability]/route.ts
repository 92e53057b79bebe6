import { handleApiCall } from "@/lib/doors/api";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ capability: string }> }) {
  return handleApiCall(request, (await params).capability);
}

const postOnly = methodNotAllowed("POST");
export { postOnly as GET, postOnly as PUT, postOnly as PATCH, postOnly as DELETE, postOnly as OPTIONS };
