// Where the sign-in page may send a person afterwards: a path of this service, never another site.

const PROBE = "http://same-origin.invalid";

/**
 * The path itself when it stays on this origin once a browser resolves it, else "/". Resolving
 * catches what prefix checks miss: "//evil", "/\evil", "/\t/evil" (URL parsing drops the tab).
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next || !next.startsWith("/")) return "/";
  try {
    const url = new URL(next, PROBE);
    return url.origin === PROBE ? `${url.pathname}${url.search}${url.hash}` : "/";
  } catch {
    return "/";
  }
}
