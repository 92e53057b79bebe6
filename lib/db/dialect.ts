export type Dialect = "sqlite" | "postgresql";

/** `file:…` is SQLite (the embedded default); `postgres://` or `postgresql://` is PostgreSQL. */
export function dialectOf(url: string): Dialect {
  if (url.startsWith("file:")) return "sqlite";
  if (/^postgres(ql)?:\/\//.test(url)) return "postgresql";
  throw new Error("DATABASE_URL: use file:<path> (SQLite) or postgresql://user@host:port/database (PostgreSQL)");
}
