import { catalog } from "@/lib/openapi/catalog";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(catalog(), { headers: { "Cache-Control": "no-cache" } });
}
