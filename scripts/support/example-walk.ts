// Walks the OpenAPI document's examples (lib/openapi/examples/chain.ts) against a server with a
// fresh demo brand: each request with the `{{name.path}}` values taken from the answers before it.
// Used to record the answers (scripts/openapi-examples.ts) and to check them (the test).
import { EXAMPLE_PNG, EXAMPLE_WALK, type ExampleCall } from "../../lib/openapi/examples/chain";
import { fillHandedOut, type Answer } from "../../lib/openapi/examples/handed-out";

export type Sender = {
  call(capability: string, body: Record<string, unknown>): Promise<Answer>;
  /** who confirms the demo key's writes from now on (its owner's choice in Settings) */
  confirmBy(who: "caller" | "person"): Promise<void>;
  /** one PUT of the bytes to a signed upload URL; answers the status */
  put(url: string, bytes: Uint8Array, contentType: string): Promise<number>;
};

export async function walkExamples(sender: Sender, walk: ExampleCall[] = EXAMPLE_WALK): Promise<Map<string, Answer>> {
  const answers = new Map<string, Answer>();
  for (const example of walk) {
    if (example.uploadBytesFirst) {
      const url = answers.get("startUpload")?.body.data as { uploadUrl?: string } | undefined;
      if (!url?.uploadUrl) throw new Error(`${example.name}: no uploadUrl before it`);
      const status = await sender.put(url.uploadUrl, EXAMPLE_PNG, "image/png");
      if (status !== 200) throw new Error(`${example.name}: the PUT of the bytes answered ${status}`);
    }
    if (example.waitsForPerson) await sender.confirmBy("person");
    try {
      answers.set(example.name, await sender.call(example.capability, fillHandedOut(example.request, answers)));
    } finally {
      if (example.waitsForPerson) await sender.confirmBy("caller");
    }
  }
  return answers;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const PARKED_ID = /^[A-Za-z0-9]{32}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:\d{2})$/;

/**
 * Where a live answer differs from the recorded one beyond what a run hands out anew (ids,
 * times, tokens, signed URLs' queries, request ids): one line per difference, empty when equal.
 */
export function differences(recorded: unknown, live: unknown, at = "", ids = new Map<string, string>()): string[] {
  if (typeof recorded === "string" && typeof live === "string") return stringDifference(recorded, live, at, ids);
  if (Array.isArray(recorded) && Array.isArray(live)) {
    if (recorded.length !== live.length) return [`${at}: ${recorded.length} items recorded, ${live.length} now`];
    return recorded.flatMap((item, index) => differences(item, live[index], `${at}.${index}`, ids));
  }
  if (
    recorded &&
    live &&
    typeof recorded === "object" &&
    typeof live === "object" &&
    !Array.isArray(recorded) &&
    !Array.isArray(live)
  ) {
    const keys = new Set([...Object.keys(recorded), ...Object.keys(live)]);
    return [...keys].flatMap((key) => {
      // a request id is each call's own; a cursor is opaque and names a run's own records
      if (key === "requestId" || key === "nextCursor") return [];
      if (!(key in recorded)) return [`${at}.${key}: not recorded`];
      if (!(key in live)) return [`${at}.${key}: recorded, missing now`];
      return differences(
        (recorded as Record<string, unknown>)[key],
        (live as Record<string, unknown>)[key],
        `${at}.${key}`,
        ids,
      );
    });
  }
  return Object.is(recorded, live) ? [] : [`${at}: recorded ${JSON.stringify(recorded)}, now ${JSON.stringify(live)}`];
}

function stringDifference(recorded: string, live: string, at: string, ids: Map<string, string>): string[] {
  if (recorded === live) return [];
  // an id handed out by this run stands for the recorded one, the same one everywhere
  if (UUID.test(recorded) && UUID.test(live)) {
    const seen = ids.get(recorded);
    if (seen === undefined) ids.set(recorded, live);
    return seen === undefined || seen === live
      ? []
      : [`${at}: the recorded id ${recorded} stood for ${seen} before, now ${live}`];
  }
  if (ISO.test(recorded) && ISO.test(live)) return [];
  // a parked call's id (a write waiting for its person): each run's own, the same one everywhere
  if (PARKED_ID.test(recorded) && PARKED_ID.test(live)) {
    const seen = ids.get(recorded);
    if (seen === undefined) ids.set(recorded, live);
    return seen === undefined || seen === live
      ? []
      : [`${at}: the recorded id ${recorded} stood for ${seen} before, now ${live}`];
  }
  // tokens, keys, webhook secrets and event ids: each run's own, of the same kind
  const kind = (text: string) => /^(bct|bop|whsec|evt)_/.exec(text)?.[1];
  if (kind(recorded) && kind(recorded) === kind(live)) return [];
  if (/^https?:\/\//.test(recorded) && /^https?:\/\//.test(live)) {
    // a file's signed URL is the storage's own (S3 or this server's /api/files)
    if (new URL(recorded).pathname.startsWith("/api/files/")) return [];
    const path = (url: string) => new URL(url).pathname.replace(/[0-9a-f-]{36}|[A-Za-z0-9_-]{20,}/g, "…");
    return path(recorded) === path(live) ? [] : [`${at}: recorded ${recorded}, now ${live}`];
  }
  // a key's prefix in a sentence ("demo key (bop_Xq3f…)"), a parked call's id and page in one
  const masked = (text: string) =>
    text
      .replace(/bop_[A-Za-z0-9]+/g, "bop_…")
      .replace(/https?:\/\/[^\s()"]+/g, "<url>")
      .replace(/\b[A-Za-z0-9]{32}\b/g, "<id>");
  return masked(recorded) === masked(live)
    ? []
    : [`${at}: recorded ${JSON.stringify(recorded)}, now ${JSON.stringify(live)}`];
}
