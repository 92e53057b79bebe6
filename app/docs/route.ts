// /docs: Scalar's reference page for the generated document, plus a server-rendered summary of
// the same document for when Scalar's script (loaded from its CDN) is not there.
import { ApiReference } from "@scalar/nextjs-api-reference";
import { openApiDocument } from "@/lib/openapi/document";
import { referenceSummary } from "@/lib/openapi/reference-html";

export const dynamic = "force-dynamic";

const scalar = ApiReference({ url: "/api/v1/openapi.json", pageTitle: "Brand Operations API" });

export async function GET() {
  const page = scalar();
  const html = (await page.text()).replace('<div id="app"></div>', `<div id="app"></div>${referenceSummary(openApiDocument())}`);
  return new Response(html, { status: page.status, headers: page.headers });
}
