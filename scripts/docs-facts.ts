// Did a rewrite of the docs lose a fact? Compares an earlier README (at a git ref) with today's
// README.md + docs/*.md and lists what the earlier one said that today's text no longer holds:
// every backticked span (identifiers, settings, values, messages), every number with its unit,
// every figure of a table, every link target. Whitespace and line breaks do not count, nor the
// wording of in-document links (the link checker, test/ops/docs.test.ts, holds their targets). A
// line of an example command counts as kept when each of its words is (the guides' examples use
// $BASE and $BRAND where the README wrote localhost:3000 and NWC-1, and other shell quoting).
//   npx tsx scripts/docs-facts.ts <git ref of the earlier README>   (exit 1 when something is missing)
import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

const ROOT = path.resolve(import.meta.dirname, "..");
const ref = process.argv[2];
if (!ref) {
  console.error("usage: npx tsx scripts/docs-facts.ts <git ref of the earlier README>");
  process.exit(2);
}

const flat = (text: string) => text.replace(/\s+/g, " ").trim();
/** ([see](#anchor)) → nothing, [words](#anchor) → words: where a link points is the link checker's business */
const unlinked = (text: string) =>
  text
    .replace(/\s*\(\[[^\]]*\]\((?:[^)#]*\.md)?#[^)]*\)\)/g, "")
    .replace(/\[([^\]]*)\]\((?:[^)#]*\.md)?#[^)]*\)/g, "$1");
/** an example command's words, with the guides' placeholders and without shell quoting */
const commandWords = (line: string) =>
  line
    .replace(/https?:\/\/localhost:3000|localhost:3000/g, "$BASE")
    .replace(/NWC-1/g, "$BRAND")
    .split(/[\s{}:,"'\\()[\]=;]+/)
    .filter((word) => word.length > 1);
const before = execFileSync("git", ["show", `${ref}:README.md`], { cwd: ROOT, encoding: "utf8" });
const guides = readdirSync(path.join(ROOT, "docs"))
  .filter((name) => name.endsWith(".md"))
  .map((name) => path.join("docs", name));
const now = unlinked(
  flat(["README.md", ...guides].map((file) => readFileSync(path.join(ROOT, file), "utf8")).join("\n")),
);
const nowWords = new Set(commandWords(now));

const UNITS =
  "ms|µs|s|MiB|KiB|GiB|TiB|MB|KB|kHz|px|%|x|h|req/s|calls/s|bytes?|characters|levels|seconds?|minutes?|hours?|days?|months?|years?|weeks?|tokens|calls|files|brands|people|keys|connections|rounds|cells|tests|attempts|instances|sessions|messages|names|redirect URIs|times";
const facts = new Map<string, string>(); // fact → kind

// backticked spans; a fenced block counts line by line, as its commands and comments
for (const match of before.matchAll(/```[^\n]*\n([\s\S]*?)```/g)) {
  for (const line of match[1]!.split("\n")) if (line.trim()) facts.set(flat(line), "code line");
}
const prose = before.replace(/```[^\n]*\n[\s\S]*?```/g, "");
for (const match of prose.matchAll(/`([^`\n]+)`/g)) facts.set(flat(match[1]!), "backticked");
// numbers with their unit (a range counts as one)
const number = String.raw`\d[\d,.]*(?:\s?[–-]\s?\d[\d,.]*)?`;
for (const match of flat(prose).matchAll(new RegExp(String.raw`(?<![\w.#/-])${number}\s?(?:${UNITS})(?![\w])`, "g"))) {
  facts.set(match[0], "number with unit");
}
// figures without a unit: decimals, thousands, anything of three digits or more (dates, ratios)
for (const match of prose.matchAll(/(?<![\w.#/-])(?:\d+\.\d+|\d{1,3}(?:,\d{3})+|\d{3,})(?![\w])/g))
  facts.set(match[0], "figure");
// every cell of every table: the figures and the words that go with them
for (const line of before
  .split("\n")
  .filter((row) => /^\|.*\|$/.test(row.trim()) && !/^\|[\s|:-]+\|$/.test(row.trim()))) {
  for (const cell of line.trim().slice(1, -1).split("|")) if (cell.trim()) facts.set(flat(cell), "table cell");
}
// link targets (external pages, images); in-document anchors are the link checker's job
for (const match of before.matchAll(/\]\(([^)#][^)]*)\)/g)) facts.set(match[1]!.replace(/^docs\//, ""), "link target");

const kept = (fact: string, kind: string) =>
  now.includes(unlinked(fact)) || (kind === "code line" && commandWords(fact).every((word) => nowWords.has(word)));
const missing = [...facts].filter(([fact, kind]) => !kept(fact, kind));
for (const [fact, kind] of missing) console.log(`${kind}: ${fact}`);
console.log(
  `${facts.size} facts of ${ref}:README.md checked against README.md + ${guides.length} guides: ${missing.length} missing`,
);
process.exit(missing.length > 0 ? 1 : 0);
