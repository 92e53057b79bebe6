// The MCP Apps views' size budget (scripts/build-mcp-views.ts VIEW_BUDGET), on the build npm test
// made (.mcp-views/sizes.json); their first render is measured by npm run bench:views, not here.
import { readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { VIEWS_DIR } from "../../lib/mcp/views";
import { VIEW_BUDGET } from "../../scripts/build-mcp-views";

describe("the MCP Apps views' bundle", () => {
  it(`stays within ${VIEW_BUDGET.scriptKiB} KiB of script and ${VIEW_BUDGET.gzipKiB} KiB gzipped in all`, () => {
    const sizes = JSON.parse(readFileSync(path.join(VIEWS_DIR, "sizes.json"), "utf8")) as {
      jsBytes: number;
      cssBytes: number;
      gzipBytes: number;
    };
    expect(sizes.jsBytes).toBeGreaterThan(100 * 1024); // React and the widgets are in it: a real build
    expect(sizes.jsBytes / 1024).toBeLessThanOrEqual(VIEW_BUDGET.scriptKiB);
    expect(sizes.gzipBytes / 1024).toBeLessThanOrEqual(VIEW_BUDGET.gzipKiB);
  });

  it("holds no reference to another origin", () => {
    const script = readFileSync(path.join(VIEWS_DIR, "view.js"), "utf8");
    const styles = readFileSync(path.join(VIEWS_DIR, "view.css"), "utf8");
    expect(styles).not.toMatch(/url\((?!["']?data:)|@import/);
    // no module loaded at run time: nothing imported by URL, no dynamic import
    expect(script).not.toMatch(/\bimport\s*\(\s*["'`]|from\s*["']https?:/);
  });
});
