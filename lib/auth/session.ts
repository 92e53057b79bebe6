// The signed-in person, for route handlers (sessionUserId) and server components
// (requireSessionUser). The Assistant door and the settings pages use these; their pipeline
// credential is { kind: "session", userId } (lib/core/auth.ts).
import "server-only";
import { headers } from "next/headers";
import { redirect } from "next/navigation";
import { auth } from "./auth";

export { safeNextPath } from "./next-path";

export type SessionUser = { id: string; email: string; name: string };

async function sessionUser(requestHeaders: Headers): Promise<SessionUser | null> {
  const session = await auth().api.getSession({ headers: requestHeaders });
  if (!session) return null;
  return { id: session.user.id, email: session.user.email, name: session.user.name };
}

/** The person and the sign-in session these headers carry (a connection link binds to both), or null. */
export async function signedInSession(
  requestHeaders: Headers,
): Promise<{ userId: string; email: string; sessionId: string } | null> {
  const session = await auth().api.getSession({ headers: requestHeaders });
  return session ? { userId: session.user.id, email: session.user.email, sessionId: session.session.id } : null;
}

/** The person whose session cookie these headers carry, or null (no cookie, expired, signed out). */
export async function sessionUserId(requestHeaders: Headers): Promise<string | null> {
  return (await sessionUser(requestHeaders))?.id ?? null;
}

/** For server components: the person, or a redirect to /sign-in that comes back here. */
export async function requireSessionUser(nextPath = "/"): Promise<SessionUser> {
  const user = await sessionUser(await headers());
  if (!user) redirect(`/sign-in?next=${encodeURIComponent(nextPath)}`);
  return user;
}
