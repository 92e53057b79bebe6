// Rooms you can tell apart (docs/add-a-capability.md, docs/contributors.md): every file directly in
// an area folder of lib/capabilities is one capability, registered in registry.ts; what an area's
// capabilities share (shapes, lookups, words, rules) lives in its shared/ folder, which defines none.
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { capabilities } from "../../lib/capabilities/registry";
import type { Capability } from "../../lib/contract/define";

const ROOT = path.resolve(import.meta.dirname, "../../lib/capabilities");
const areas = readdirSync(ROOT, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const registered = new Set<Capability>(capabilities);

/** Paths under lib/capabilities of what sits directly in each area folder, files and folders apart. */
function areaEntries() {
  const files: string[] = [];
  const folders: string[] = [];
  for (const area of areas) {
    for (const entry of readdirSync(path.join(ROOT, area), { withFileTypes: true })) {
      (entry.isDirectory() ? folders : files).push(`${area}/${entry.name}`);
    }
  }
  return { files, folders };
}

function sharedFiles(dir: string): string[] {
  return readdirSync(path.join(ROOT, dir), { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sharedFiles(`${dir}/${entry.name}`) : [`${dir}/${entry.name}`],
  );
}

/** A value a definition returns, registered or not: an id and the pipeline's typed handle. */
const looksLikeCapability = (value: unknown): value is Capability =>
  typeof value === "object" && value !== null && "id" in value && "accept" in value && "execute" in value;

describe("the capabilities' folders", () => {
  it("hold, directly in each area, only files that are each one registered capability", async () => {
    const { files } = areaEntries();
    expect(files.length).toBeGreaterThan(0);
    const notOneCapability: string[] = [];
    const found = new Set<Capability>();
    for (const file of files) {
      const exported =
        file.endsWith(".ts") && !file.endsWith(".d.ts") ? Object.values(await import(path.join(ROOT, file))) : [];
      const defined = exported.filter(looksLikeCapability);
      if (defined.length !== 1 || !registered.has(defined[0]!)) notOneCapability.push(file);
      else found.add(defined[0]!);
    }
    expect(notOneCapability, "a helper belongs in its area's shared/ folder").toEqual([]);
    expect(capabilities.filter((capability) => !found.has(capability)).map((capability) => capability.id)).toEqual([]);
  });

  it("have no folder in an area but shared/", () => {
    expect(areaEntries().folders.filter((folder) => !folder.endsWith("/shared"))).toEqual([]);
  });

  it("define no capability in a shared/ folder", () => {
    const defining = areaEntries()
      .folders.flatMap(sharedFiles)
      .filter((file) => /\bdefine(Account)?Capability\(/.test(readFileSync(path.join(ROOT, file), "utf8")));
    expect(defining).toEqual([]);
  });
});
