// A signed-in person's route reads its body as it streams in and stops at the limit (a security
// review's finding: ten routes read the whole body first, then measured it). Each route handler is
// sent a 32 MiB body without Content-Length, made chunk by chunk as it is read: the answer (422
// naming body) must come while most of it was never made, and the body is cancelled. Reading
// everything first would make all 32 MiB (and keep it in memory) before answering.
// The handlers are called as Next calls them, in this process: in front of them on the server,
// Next's proxy (proxy.ts) takes in the whole body before a route runs, whatever the route does.
import { beforeAll, describe, expect, it } from "vitest";
import { config } from "../../lib/config";
import { signedInPerson } from "./session";
import * as run from "../../app/api/assistant/run/route";
import * as voiceCall from "../../app/api/voice/call/route";
import * as conversation from "../../app/api/conversations/[id]/route";
import * as keys from "../../app/api/settings/keys/route";
import * as chat from "../../app/api/chat/route";

const CHUNK = new Uint8Array(64 * 1024).fill(0x20);
const TOTAL = 32 * 1024 * 1024;

let cookie: string;
beforeAll(async () => {
  cookie = (await signedInPerson()).cookie;
}, 60_000);

type Handler = (request: Request, context: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** Sends `{"pad":"` and then spaces, made as they are read, to TOTAL bytes. */
async function sendLong(handler: Handler, method: string, path: string) {
  let made = 0;
  let cancelled = false;
  const body = new ReadableStream<Uint8Array>({
    pull(controller) {
      if (made >= TOTAL) return controller.close();
      const chunk = made === 0 ? new TextEncoder().encode('{"pad":"') : CHUNK;
      made += chunk.byteLength;
      controller.enqueue(chunk);
    },
    cancel() {
      cancelled = true;
    },
  });
  const origin = new URL(config().APP_URL).origin;
  const request = new Request(`${origin}${path}`, {
    method,
    headers: { "Content-Type": "application/json", Origin: origin, Cookie: cookie },
    body,
    duplex: "half",
  } as RequestInit);
  const response = await handler(request, { params: Promise.resolve({ id: "00000000-0000-4000-8000-000000000000" }) });
  return { status: response.status, json: await response.json(), made, cancelled };
}

describe("a body past the limit is refused while it is still being sent", () => {
  it.each([
    ["POST /api/assistant/run", run.POST, "POST", "/api/assistant/run"],
    ["POST /api/voice/call", voiceCall.POST, "POST", "/api/voice/call"],
    ["PATCH /api/conversations/[id]", conversation.PATCH, "PATCH", "/api/conversations/x"],
    ["POST /api/settings/keys", keys.POST, "POST", "/api/settings/keys"],
    ["POST /api/chat", chat.POST, "POST", "/api/chat"],
  ] as [string, Handler, string, string][])(
    "%s",
    async (_, handler, method, path) => {
      const answer = await sendLong(handler, method, path);
      expect(answer.status).toBe(422);
      expect(answer.json.error).toMatchObject({ code: "invalid_input", field: "body" });
      expect(answer.json.error.message).toMatch(/^body: larger than the [0-9]+ [KM]iB limit$/);
      // read no further than the limit (the largest is the chat's 4 MiB), then cut
      expect(answer.made).toBeLessThanOrEqual(4 * 1024 * 1024 + 2 * CHUNK.byteLength);
      expect(answer.cancelled).toBe(true);
    },
    60_000,
  );
});
