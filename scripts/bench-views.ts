// npm run bench:views: the MCP Apps views' budget. Size: the inline script and styles every view
// page carries (.mcp-views/sizes.json, from scripts/build-mcp-views.ts). Time: the first render of
// the palette view in Debian's Chromium, from the iframe's creation to the view reporting its
// rendered size, hosted by ext-apps' AppBridge (scripts/support/views-bench-host.ts) with a kit of
// eight colours; 3 warm-up renders, then RUNS, median and p95. Exits 1 when over budget.
import { readFileSync } from "node:fs";
import path from "node:path";
import { build } from "esbuild";
import { chromium } from "playwright-core";
import { viewHtml, VIEWS_DIR } from "../lib/mcp/views";
import { VIEW_BUDGET } from "./build-mcp-views";

const BUDGET = VIEW_BUDGET;
const RUNS = Number(process.env.RUNS ?? 15);

const colors = ["#3B2416", "#F2E3C6", "#0A9396", "#94D2BD", "#E9D8A6", "#EE9B00", "#CA6702", "#AE2012"].map(
  (hex, i) => ({
    name: `Colour ${i + 1}`,
    hex,
    role: i === 0 ? "primary" : "accent",
  }),
);
const result = { structuredContent: { colors }, content: [{ type: "text", text: "Read the brand kit: 8 colors." }] };

const sizes = JSON.parse(readFileSync(path.join(VIEWS_DIR, "sizes.json"), "utf8")) as {
  jsBytes: number;
  cssBytes: number;
  gzipBytes: number;
};
const host = (
  await build({
    entryPoints: [path.resolve(import.meta.dirname, "support/views-bench-host.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    write: false,
    logLevel: "warning",
  })
).outputFiles[0]!.text;
const browser = await chromium.launch({
  executablePath: "/usr/bin/chromium",
  args: ["--headless", "--no-sandbox", "--disable-gpu"],
});
const page = await browser.newPage({ viewport: { width: 800, height: 900 } });
await page.setContent(
  `<!doctype html><html><body></body><script type="module">${host.replace(/<\/script/gi, "<\\/script")}</script></html>`,
);
await page.waitForFunction(() => "benchRender" in window);
const html = viewHtml("palette");
const samples: number[] = [];
for (let i = 0; i < RUNS + 3; i++) {
  const { ms } = await page.evaluate(
    ([page, data]) =>
      (window as unknown as { benchRender: (h: string, r: unknown) => Promise<{ ms: number }> }).benchRender(
        page,
        data,
      ),
    [html, result] as const,
  );
  if (i >= 3) samples.push(ms);
}
await browser.close();

samples.sort((a, b) => a - b);
const at = (q: number) => samples[Math.min(samples.length - 1, Math.floor(q * samples.length))]!;
const measured = {
  scriptKiB: +(sizes.jsBytes / 1024).toFixed(1),
  stylesKiB: +(sizes.cssBytes / 1024).toFixed(1),
  gzipKiB: +(sizes.gzipBytes / 1024).toFixed(1),
  firstRenderMedianMs: +at(0.5).toFixed(1),
  firstRenderP95Ms: +at(0.95).toFixed(1),
  runs: samples.length,
};
const over = (Object.keys(BUDGET) as (keyof typeof BUDGET)[]).filter((key) => measured[key] > BUDGET[key]);
console.log(JSON.stringify({ measured, budget: BUDGET, over }, null, 2));
process.exit(over.length > 0 ? 1 : 0);
