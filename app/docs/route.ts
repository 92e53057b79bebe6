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
  // Scalar's grey text is below WCAG AA's 4.5:1 on its own backgrounds (3.1:1 light, 4.2:1 dark): darker
  // and lighter greys, checked by axe in e2e/accessibility.test.ts
  customCss: `
    body.light-mode, body.light-mode .light-mode { --scalar-color-2: #595959; --scalar-color-3: #616161; }
    body.dark-mode, body.dark-mode .dark-mode { --scalar-color-2: rgba(255, 255, 255, 0.72); --scalar-color-3: rgba(255, 255, 255, 0.62); }
  `,
});

export async function GET() {
  const page = scalar();
  const html = (await page.text())
    // Scalar's page names no language; screen readers then guess
    .replace(/<html(?![^>]*\blang=)/i, '<html lang="en"')
    .replace('<div id="app"></div>', `<div id="app"></div>${referenceSummary(openApiDocument())}`);
  return new Response(html, { status: page.status, headers: page.headers });
}
