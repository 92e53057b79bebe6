// Builds the MCP Apps views (lib/mcp/views.ts serves them): components/mcp-app/view.tsx,
// the Assistant's own widgets with React and the ext-apps App, bundled into one minified script,
// and app/globals.css + components/mcp-app/view.css into one stylesheet, both to be inlined into
// each view's page (.mcp-views/). `npm start` and `npm test` run it when a source changed
// (scripts/run.sh); `npx tsx scripts/build-mcp-views.ts` by hand.
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { build, transform, type Plugin } from "esbuild";

const ROOT = path.resolve(import.meta.dirname, "..");

/**
 * What a view may cost (README, "MCP Apps"): the inline script and all of the page gzipped, checked
 * by test/mcp/views-budget.test.ts; the palette's first render in Chromium, by npm run bench:views.
 * Today: React DOM ~205 KiB, zod ~190 KiB (the MCP SDK and ext-apps validate with it), the MCP
 * client's protocol ~115 KiB, our widgets ~70 KiB. The script's bound moved from 640 to 660 KiB when
 * four areas' widgets landed (genome, memory, team, check: ~12 KiB minified, 642 KiB in all); the
 * gzipped bound and the first render's, which is what a person waits for, stay as they were.
 */
export const VIEW_BUDGET = { scriptKiB: 660, gzipKiB: 192, firstRenderMedianMs: 500 };
const OUT = path.join(ROOT, ".mcp-views");

/** The light and the dark palette of globals.css, also under data-theme, so the host's theme wins over the system's. */
function themed(globals: string): string {
  const light = /^:root \{([^}]*)\}/m.exec(globals)?.[1];
  const dark = /@media \(prefers-color-scheme: dark\) \{\s*:root \{([^}]*)\}/m.exec(globals)?.[1];
  if (!light || !dark) throw new Error("app/globals.css: the light :root block or the dark one was not found");
  return `:root[data-theme="light"] {${light} color-scheme: light; }\n:root[data-theme="dark"] {${dark} color-scheme: dark; }\n`;
}

/**
 * zod's namespace object re-exports every locale (~250 KiB minified) and a bundler cannot drop
 * them, since the object itself is used; only English messages are ever shown (zod's default), so
 * the locales index resolves to English alone. The MCP SDK and ext-apps validate with zod.
 */
const englishOnlyZod: Plugin = {
  name: "zod-english-only",
  setup(build) {
    build.onResolve({ filter: /\/locales\/index\.js$/ }, (args) =>
      args.importer.includes(`${path.sep}zod${path.sep}`)
        ? {
            path: "zod-locales",
            namespace: "zod-locales",
            pluginData: path.dirname(path.resolve(args.resolveDir, args.path)),
          }
        : undefined,
    );
    build.onLoad({ filter: /.*/, namespace: "zod-locales" }, (args) => ({
      contents: 'export { default as en } from "./en.js";',
      resolveDir: args.pluginData as string,
      loader: "js",
    }));
  },
};

export async function buildViews(): Promise<{ jsBytes: number; cssBytes: number; gzipBytes: number }> {
  const script = await build({
    entryPoints: [path.join(ROOT, "components/mcp-app/view.tsx")],
    bundle: true,
    minify: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    jsx: "automatic",
    define: { "process.env.NODE_ENV": '"production"' },
    tsconfig: path.join(ROOT, "tsconfig.json"),
    legalComments: "none",
    write: false,
    logLevel: "warning",
    plugins: [englishOnlyZod],
  });
  const js = script.outputFiles[0]!.text;
  const globals = readFileSync(path.join(ROOT, "app/globals.css"), "utf8");
  const own = readFileSync(path.join(ROOT, "components/mcp-app/view.css"), "utf8");
  const css = (await transform(`${globals}\n${themed(globals)}\n${own}`, { loader: "css", minify: true })).code;
  mkdirSync(OUT, { recursive: true });
  writeFileSync(path.join(OUT, "view.js"), js);
  writeFileSync(path.join(OUT, "view.css"), css);
  const sizes = {
    jsBytes: Buffer.byteLength(js),
    cssBytes: Buffer.byteLength(css),
    gzipBytes: gzipSync(js + css).byteLength,
  };
  writeFileSync(path.join(OUT, "sizes.json"), `${JSON.stringify(sizes)}\n`);
  return sizes;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const sizes = await buildViews();
  console.error(
    `[views] .mcp-views: script ${(sizes.jsBytes / 1024).toFixed(0)} KiB, styles ${(sizes.cssBytes / 1024).toFixed(0)} KiB, ${(sizes.gzipBytes / 1024).toFixed(0)} KiB gzipped`,
  );
}
