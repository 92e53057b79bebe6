// How a matrix caller sends a request and how an answer reads as an outcome (routes-expected.ts).
import type { Caller } from "./routes-expected";
import type { RoutesWorld } from "./routes-world";

export type Answer = { status: number; headers: Headers; json: any };

/** A caller's credential on the session routes: their session cookie, the admin's key (apiKey), or nothing. */
export function credential(world: RoutesWorld, caller: Caller): Record<string, string> {
  if (caller === "anonymous") return {};
  if (caller === "apiKey") return { Authorization: `Bearer ${world.people.admin.key}` };
  return { Cookie: world.people[caller].cookie };
}

/** A request as the service's own pages send it (same Origin, JSON), as `caller`. */
export async function send(
  world: RoutesWorld,
  caller: Caller,
  method: string,
  path: string,
  body?: unknown,
  url = world.url,
): Promise<Answer> {
  const response = await fetch(`${url}${path}`, {
    method,
    redirect: "manual",
    headers: {
      Origin: url,
      ...(body === undefined ? {} : { "Content-Type": "application/json" }),
      ...credential(world, caller),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await response.text();
  let json: any = null;
  try {
    json = text ? JSON.parse(text) : null;
  } catch {
    /* a page or a stream */
  }
  return { status: response.status, headers: response.headers, json };
}

/** `<status> <code>` for an error body, `envelope <status> [code]` for a tool envelope, else the status. */
export function outcomeOf(answer: Answer): string {
  const { status, json } = answer;
  if (json?.ok === false) return `${status} ${json.error.code}`;
  if (status === 200 && typeof json?.status === "string" && typeof json?.capabilityId === "string")
    return `envelope ${json.status}${json.error ? ` ${json.error.code}` : ""}`;
  return String(status);
}

/** A page's outcome: a redirect to sign in here or to the provider, or the page's status. */
export function pageOutcome(answer: Answer, providerBase: string): string {
  const location = answer.headers.get("location");
  if (location?.startsWith("/sign-in?")) return `${answer.status} sign-in`;
  if (location?.startsWith(providerBase)) return `${answer.status} provider`;
  return answer.headers.get("content-type")?.startsWith("text/html")
    ? `${answer.status} page`
    : `${answer.status} ${location ?? "not a page"}`;
}

export const hex = () =>
  `#${Math.floor(Math.random() * 0xffffff)
    .toString(16)
    .padStart(6, "0")}`;
