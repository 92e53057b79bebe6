// /docs: Scalar's reference page for the generated document (its script served by /docs/scalar.js),
// plus a server-rendered summary of the same document, readable before or without the script.
import { ApiReference } from "@scalar/nextjs-api-reference";
import { openApiDocument } from "@/lib/openapi/document";
import { referenceSummary } from "@/lib/openapi/reference-html";

export const dynamic = "force-dynamic";

// Everything from this server: no CDN, no hosted fonts, no telemetry, none of Scalar's hosted services
const scalar = ApiReference({
  url: "/api/v1/openapi.json",
  pageTitle: "Brand Operations API",
  cdn: "/docs/scalar.js",
  withDefaultFonts: false,
  telemetry: false,
  showDeveloperTools: "never",
  mcp: { disabled: true },
  // the "Ask AI" agent would send the API description to Scalar's hosted service
  agent: { disabled: true },
});

export async function GET() {
  const page = scalar();
  const html = (await page.text()).replace(
    '<div id="app"></div>',
    `<div id="app"></div>${referenceSummary(openApiDocument())}`,
  );
  return new Response(html, { status: page.status, headers: page.headers });
}
