// Where the sign-in page may send a person afterwards: a path of this service, never another site.

const PROBE = "http://same-origin.invalid";

/**
 * The path as a browser resolves it, when it stays on this origin, else "/". Resolving catches
 * what prefix checks miss ("/\evil", "/\t/evil": URL parsing drops the tab). The resolved path is
 * itself checked again: dot segments can turn "/.//evil" or "/%2e//evil" into "//evil", which a
 * browser given it as a Location reads as another host. Only one leading slash may come out.
 */
export function safeNextPath(next: string | null | undefined): string {
  if (!next?.startsWith("/")) return "/";
  try {
    const url = new URL(next, PROBE);
    if (url.origin !== PROBE) return "/";
    const path = `${url.pathname}${url.search}${url.hash}`;
    if (/^\/[/\\]/.test(path) || new URL(path, PROBE).origin !== PROBE) return "/";
    return path;
  } catch {
    return "/";
  }
}
