import { handleDownload } from "@/lib/doors/files";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

// signed download URLs of local storage (lib/doors/files.ts)
export async function GET(request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  return handleDownload(request, (await params).key);
}

export const HEAD = GET;
export const PUT = methodNotAllowed("GET, HEAD");
export const POST = methodNotAllowed("GET, HEAD");
export const PATCH = methodNotAllowed("GET, HEAD");
export const DELETE = methodNotAllowed("GET, HEAD");
