// Scalar's viewer script, served by the service itself: the handler would load it from a CDN,
// which a closed network (or a careful operator) does not reach. Read once, cached by browsers.
import { readFile } from "node:fs/promises";
import path from "node:path";

export const dynamic = "force-static";

let script: Promise<Buffer> | undefined;

export async function GET() {
  script ??= readFile(path.join(process.cwd(), "node_modules/@scalar/api-reference/dist/browser/standalone.js"));
  return new Response(new Uint8Array(await script), {
    headers: { "Content-Type": "text/javascript; charset=utf-8", "Cache-Control": "public, max-age=86400" },
  });
}
