import { handleApiCall, methodNotAllowed } from "@/lib/doors/api";

export const dynamic = "force-dynamic";

export async function POST(request: Request, { params }: { params: Promise<{ capability: string }> }) {
  return handleApiCall(request, (await params).capability);
}

export const GET = methodNotAllowed;
export const PUT = methodNotAllowed;
export const PATCH = methodNotAllowed;
export const DELETE = methodNotAllowed;
export const OPTIONS = methodNotAllowed;
