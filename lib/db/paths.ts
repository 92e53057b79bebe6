import path from "node:path";

/** Path of an SQLite database from a `file:` URL, relative to the working directory. */
export function sqlitePath(url: string): string {
  return path.resolve(url.replace(/^file:/, "").replace(/\?.*$/, ""));
}
