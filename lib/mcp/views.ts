// The MCP Apps views: one `ui://brand-operations/<widget>` resource per widget name the registry
// uses, each the same self-contained page (the widget bundle and its styles inlined, built by
// scripts/build-mcp-views.ts from components/widgets/) told which widget it is. Nothing is fetched
// from elsewhere; the only origin a view may reach is where signed file URLs point (this service,
// or the S3 endpoint), for thumbnails in the carousel and records, and `_meta.ui.csp` says so.
import { readFileSync } from "node:fs";
import path from "node:path";
import { registerAppResource, RESOURCE_MIME_TYPE } from "@modelcontextprotocol/ext-apps/server";
import type { McpServer } from "@modelcontextprotocol/server";
import { mcpToolName } from "../contract/catalogue";
import { capabilities } from "../capabilities/registry";
import { storage } from "../storage/index";
import { viewUri } from "./apps";

export const VIEWS_DIR = path.resolve(process.cwd(), ".mcp-views");

/** The widget names of the capabilities the MCP door may serve: one view each. */
export const VIEW_WIDGETS: readonly string[] = [
  ...new Set(
    capabilities.flatMap((capability) =>
      capability.widget && capability.doors.includes("mcp") ? [capability.widget] : [],
    ),
  ),
];

function built(): { js: string; css: string } {
  return {
    js: readFileSync(path.join(VIEWS_DIR, "view.js"), "utf8"),
    css: readFileSync(path.join(VIEWS_DIR, "view.css"), "utf8"),
  };
}

/** What every view needs of the registry: titles, widget names, tool names (no schemas, no code). */
function catalogue() {
  return capabilities.map((capability) => ({
    id: capability.id,
    title: capability.title,
    widget: capability.widget,
    confirmation: capability.confirmation,
    toolName: mcpToolName(capability.id),
    brandScoped: capability.brandScoped,
    ...(capability.shownOnce ? { shownOnce: capability.shownOnce } : {}),
  }));
}

const pages = new Map<string, string>();

/** The view's page: inline only; `<` escaped in the JSON and `</script` in the code, so neither ends its tag. Made once per widget. */
export function viewHtml(widget: string): string {
  const made = pages.get(widget);
  if (made) return made;
  const { js, css } = built();
  const data = JSON.stringify({ widget, catalogue: catalogue() }).replace(/</g, "\\u003c");
  const page = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${widget}</title><style>${css}</style></head><body><div id="root"></div><script type="application/json" id="view-data">${data}</script><script type="module">${js.replace(/<\/script/gi, "<\\/script")}</script></body></html>`;
  pages.set(widget, page);
  return page;
}

export function registerViews(server: McpServer): void {
  for (const widget of VIEW_WIDGETS) {
    const uri = viewUri(widget);
    registerAppResource(
      server,
      `${widget} view`,
      uri,
      { description: `The ${widget} widget of Brand Operations`, _meta: { ui: { prefersBorder: true } } },
      async () => ({
        // images only (thumbnails by signed URL, from wherever the files are); the view fetches
        // nothing itself: its calls go through the host
        contents: [
          {
            uri,
            mimeType: RESOURCE_MIME_TYPE,
            text: viewHtml(widget),
            _meta: { ui: { csp: { resourceDomains: await fileOrigins() }, prefersBorder: true } },
          },
        ],
      }),
    );
  }
}

let origins: Promise<string[]> | undefined;

/** Where signed file URLs point: this service (local storage) or the bucket's endpoint, as the storage signs them. */
function fileOrigins(): Promise<string[]> {
  origins ??= storage()
    .downloadUrl(
      { key: "view-csp-probe", fileName: "probe.png", mimeType: "image/png" },
      { issuedAt: new Date(), expiresInSeconds: 60 },
    )
    .then((url) => [new URL(url).origin])
    .catch((error: unknown) => {
      origins = undefined; // asked again next time, not a failure kept for good
      throw error;
    });
  return origins;
}
