// The import picture of the code (scripts/import-graph.ts prints it; test/unit/layering.test.ts
// holds it): files as nodes, imports as arrows, type-only imports included (a type is a dependency
// too). Read from the import lines themselves: no module-graph library is installed, and
// TypeScript 7 ships no compiler API to ask. Two questions:
// - cycles: groups of files that reach each other (anywhere in lib, app, components);
// - back-arrows: an import between two rooms of lib (a folder, or a file at its top) that does not
//   point down the layering below.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";

/**
 * The rooms of lib from the top down; a room may import only rooms of a later tier. Each door's
 * translation (doors) sits above its machinery (mcp, voice, assistant) and wires it to the
 * pipeline; the pipeline (core) sits above the capabilities, which sit above their contract
 * (contract: defineCapability, the actor, the contexts, the errors), which is below both.
 */
export const LAYERS: readonly (readonly string[])[] = [
  ["invite"], // accepting a team invitation: the accept page's sign-up and join (above admin, whose password rules it shares)
  ["ops", "admin", "openapi"], // entry points: start, stop, health, background work; the operator CLI; the published documents
  ["doors"], // the translations: request formats ⇄ the pipeline
  ["mcp", "voice"], // door machinery
  ["assistant"], // the person's doors: the model loop, budget, decisions on pending calls
  ["conversations", "keys"], // stored conversations; personal keys and connected apps
  ["pending", "auth"], // calls parked for a person's Confirm; sign-in of people
  ["core"], // the invocation pipeline
  ["events", "model"], // the outbox of committed writes, recorded by the pipeline and catalogued from the registry; the model and its budget (ctx.judge)
  ["capabilities", "oauth", "advertise"], // the registry; the OAuth server's settings; schemas per audience
  ["review"], // the propose/review flow the genome and the memory share: statuses, moves, who proposes and decides
  ["team"], // a brand's team: live memberships, invitations made, role words, the invitation e-mail
  ["mail"], // e-mail to people: the SMTP transport, the e-mail about writes waiting for a person
  ["contract"], // what capabilities and the pipeline agree on
  ["webhooks"], // webhook endpoints, signing, the outbox of deliveries and its worker
  ["connections", "storage"], // the connections machinery behind ctx.connections; file bytes
  ["db"],
  ["redis"],
  ["vault"], // sealing values at rest with a key derived from APP_SECRET (tokens, replays, parked calls)
  ["config", "log", "plans", "crypto", "words"], // words: the one vocabulary of values in words for people
  ["secret", "http"], // plain HTTP helpers that know nothing of the service
  ["private-files"], // files only this user may read
];

const ROOTS = ["lib", "app", "components"];
const SKIP = /^lib\/db\/generated/;
const SOURCE = /\.(ts|tsx)$/;

export type Arrow = { from: string; to: string; typeOnly: boolean };
export type Picture = {
  files: string[];
  arrows: Arrow[];
  /** groups of files that import each other, directly or around a loop */
  cycles: string[][];
  /** room → room arrows in lib, with the files that make them */
  roomArrows: { from: string; to: string; via: string[] }[];
  backArrows: { from: string; to: string; via: string[] }[];
  /** rooms of lib the layering does not name */
  unplaced: string[];
};

function walk(root: string, dir: string, out: string[]): void {
  for (const name of readdirSync(path.join(root, dir))) {
    const relative = path.posix.join(dir, name);
    if (SKIP.test(relative) || name === "node_modules") continue;
    if (statSync(path.join(root, relative)).isDirectory()) walk(root, relative, out);
    else if (SOURCE.test(name) && !name.endsWith(".d.ts")) out.push(relative);
  }
}

/** What a file imports: static imports and re-exports (type-only or not) and dynamic import(). */
export function importsOf(text: string): { specifier: string; typeOnly: boolean }[] {
  const code = text.replace(/\/\*[\s\S]*?\*\//g, "").replace(/^\s*\/\/.*$/gm, "");
  const found: { specifier: string; typeOnly: boolean }[] = [];
  const statement = /^\s*(import|export)\s+(type\s+)?([^;]*?\s+from\s+)?["']([^"']+)["']/gm;
  for (const match of code.matchAll(statement)) found.push({ specifier: match[4]!, typeOnly: Boolean(match[2]) });
  for (const match of code.matchAll(/\bimport\(\s*["']([^"']+)["']\s*\)/g))
    found.push({ specifier: match[1]!, typeOnly: false });
  return found;
}

function resolve(files: Set<string>, from: string, specifier: string): string | undefined {
  let base: string;
  if (specifier.startsWith("@/")) base = specifier.slice(2);
  else if (specifier.startsWith(".")) base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  else return undefined;
  return [base, `${base}.ts`, `${base}.tsx`, `${base}/index.ts`, `${base}/index.tsx`].find((candidate) =>
    files.has(candidate),
  );
}

/** lib/core/invoke.ts → core; lib/config.ts → config; anything outside lib → undefined. */
export function roomOf(file: string): string | undefined {
  const parts = file.split("/");
  if (parts[0] !== "lib") return undefined;
  return parts.length > 2 ? parts[1]! : parts[1]!.replace(SOURCE, "");
}

/** Strongly connected components of more than one file (Tarjan), each sorted, biggest first. */
function cyclesOf(files: string[], arrows: Arrow[]): string[][] {
  const next = new Map<string, string[]>(files.map((file) => [file, []]));
  for (const arrow of arrows) next.get(arrow.from)!.push(arrow.to);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let counter = 0;
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file)!) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    for (let member = stack.pop()!; ; member = stack.pop()!) {
      onStack.delete(member);
      group.push(member);
      if (member === file) break;
    }
    if (group.length > 1 || next.get(file)!.includes(file)) found.push(group.sort());
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return found.sort((a, b) => b.length - a.length || a[0]!.localeCompare(b[0]!));
}

export function importPicture(root: string, layers: readonly (readonly string[])[] = LAYERS): Picture {
  const files: string[] = [];
  for (const dir of ROOTS) walk(root, dir, files);
  files.sort();
  const known = new Set(files);
  const arrows: Arrow[] = [];
  for (const from of files) {
    for (const { specifier, typeOnly } of importsOf(readFileSync(path.join(root, from), "utf8"))) {
      const to = resolve(known, from, specifier);
      if (to && to !== from) arrows.push({ from, to, typeOnly });
    }
  }
  const tier = new Map(layers.flatMap((rooms, at) => rooms.map((room) => [room, at] as const)));
  const rooms = new Map<string, { from: string; to: string; via: string[] }>();
  const unplaced = new Set<string>();
  for (const arrow of arrows) {
    const from = roomOf(arrow.from);
    if (from === undefined) continue;
    if (!tier.has(from)) unplaced.add(from);
    // nothing under lib reaches up into the pages or the components (docs/contributors.md, How it
    // is built)
    const to = roomOf(arrow.to) ?? arrow.to.split("/")[0]!;
    if (roomOf(arrow.to) !== undefined && !tier.has(to)) unplaced.add(to);
    if (from === to) continue;
    const key = `${from}→${to}`;
    const entry = rooms.get(key) ?? { from, to, via: [] };
    entry.via.push(`${arrow.from} → ${arrow.to}`);
    rooms.set(key, entry);
  }
  const roomArrows = [...rooms.values()].sort((a, b) => a.from.localeCompare(b.from) || a.to.localeCompare(b.to));
  const down = (from: string, to: string) => tier.has(from) && tier.has(to) && tier.get(to)! > tier.get(from)!;
  return {
    files,
    arrows,
    cycles: cyclesOf(files, arrows),
    roomArrows,
    backArrows: roomArrows.filter((arrow) => !down(arrow.from, arrow.to)),
    unplaced: [...unplaced].sort(),
  };
}
