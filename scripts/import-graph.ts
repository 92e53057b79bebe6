// npx tsx scripts/import-graph.ts [--verbose]: the import cycles of lib, app and components, and
// the arrows between rooms of lib that run against the layering (scripts/support/import-graph.ts,
// where the layering is written down). Exits 1 when there is either; test/unit/layering.test.ts
// asks the same.
import path from "node:path";
import { importPicture, LAYERS } from "./support/import-graph";

const verbose = process.argv.includes("--verbose");
const picture = importPicture(path.resolve(import.meta.dirname, ".."));

console.log(`layering, top down: ${LAYERS.map((rooms) => rooms.join(" ")).join(" → ")}`);
console.log(
  `${picture.files.length} files, ${picture.arrows.length} imports; ${picture.roomArrows.length} arrows between rooms of lib`,
);
console.log(`\n${picture.cycles.length} cycles`);
for (const cycle of picture.cycles) console.log(`  ${cycle.join(" ↔ ")}`);
console.log(`\n${picture.backArrows.length} back-arrows`);
for (const arrow of picture.backArrows) {
  console.log(`  ${arrow.from} → ${arrow.to} (${arrow.via.length})`);
  if (verbose) for (const via of arrow.via) console.log(`      ${via}`);
}
if (picture.unplaced.length > 0) console.log(`\nrooms the layering does not place: ${picture.unplaced.join(", ")}`);
process.exitCode = picture.cycles.length + picture.backArrows.length + picture.unplaced.length > 0 ? 1 : 0;
