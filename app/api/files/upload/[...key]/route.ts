import { handleUpload } from "@/lib/doors/files";
import { methodNotAllowed } from "@/lib/http/request";

export const dynamic = "force-dynamic";

// signed upload URLs of local storage: one PUT of the bytes (lib/doors/files.ts)
export async function PUT(request: Request, { params }: { params: Promise<{ key: string[] }> }) {
  return handleUpload(request, (await params).key);
}

export const GET = methodNotAllowed("PUT");
export const POST = methodNotAllowed("PUT");
export const PATCH = methodNotAllowed("PUT");
export const DELETE = methodNotAllowed("PUT");
