// Reading the guides as GitHub shows them: fenced blocks, heading anchors, links, tables. Small on
// purpose: the guides use plain CommonMark (``` fences, # headings, [text](target) links).
import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";

export const ROOT = path.resolve(import.meta.dirname, "../..");

/** README.md and every docs/*.md, as paths relative to the repository. */
export function guideFiles(): string[] {
  const docs = readdirSync(path.join(ROOT, "docs"))
    .filter((name) => name.endsWith(".md"))
    .sort();
  return ["README.md", ...docs.map((name) => `docs/${name}`)];
}

export const readGuide = (file: string) => readFileSync(path.join(ROOT, file), "utf8");

export type Fence = { info: string; body: string; line: number };

/** Fenced code blocks, with their info string and the line their opening fence is on (1-based). */
export function fences(text: string): Fence[] {
  const found: Fence[] = [];
  const lines = text.split("\n");
  for (let i = 0; i < lines.length; i++) {
    const open = /^(`{3,})(.*)$/.exec(lines[i]!);
    if (!open) continue;
    const end = lines.findIndex((line, j) => j > i && /^`{3,}\s*$/.test(line) && line.trim().length >= open[1]!.length);
    const close = end === -1 ? lines.length : end;
    found.push({ info: open[2]!.trim(), body: lines.slice(i + 1, close).join("\n"), line: i + 1 });
    i = close;
  }
  return found;
}

/** The text outside fenced blocks and inline code, where links and headings live. */
export function prose(text: string): string {
  return text
    .replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "")
    .replace(/`[^`\n]*`/g, (code) => code.replace(/[[\]()]/g, " "));
}

/** GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens (github-slugger). */
export function slug(heading: string): string {
  const text = heading
    .replace(/`([^`]*)`/g, "$1")
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, "$1")
    .replace(/\*\*|__/g, "");
  return text
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, "")
    .replace(/ /g, "-");
}

/** Every anchor a file offers: its headings' slugs, a repeated one numbered -1, -2, … as GitHub does. */
export function anchors(text: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const match of text.replace(/^(`{3,})[^\n]*\n[\s\S]*?^\1[ \t]*$/gm, "").matchAll(/^#{1,6}\s+(.+?)\s*#*\s*$/gm)) {
    const base = slug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    result.add(count === 0 ? base : `${base}-${count}`);
  }
  return result;
}

/** Link and image targets of the prose: [text](target), ![alt](target). */
export function linkTargets(text: string): string[] {
  return [...prose(text).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((match) => match[1]!);
}

/** The rows of the first table after a heading, each as its cells' text. */
export function tableAfter(text: string, heading: string): string[][] {
  const start = text.indexOf(`\n${heading}\n`);
  if (start === -1) throw new Error(`no heading "${heading}"`);
  const rows: string[][] = [];
  for (const line of text.slice(start).split("\n").slice(2)) {
    if (!line.startsWith("|")) {
      if (rows.length > 0) break;
      continue;
    }
    if (/^\|[\s|:-]+\|$/.test(line)) continue;
    rows.push(
      line
        .slice(1, -1)
        .split("|")
        .map((cell) => cell.trim()),
    );
  }
  return rows.slice(1); // without the header row
}
