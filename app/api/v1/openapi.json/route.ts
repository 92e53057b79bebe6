// Static segment: Next matches it before app/api/v1/[capability] (test/api/openapi.test.ts checks).
import { openApiDocument } from "@/lib/openapi/document";

export const dynamic = "force-dynamic";

export function GET() {
  return Response.json(openApiDocument(), {
    headers: { "Cache-Control": "no-cache", "Access-Control-Allow-Origin": "*" },
  });
}
