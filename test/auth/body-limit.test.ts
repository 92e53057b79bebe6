// better-auth's routes (/api/auth) read a body as it streams in and refuse it past 1 MiB while
// reading (issue 37.3): before, the whole body was read (request.text()) and only then measured, so
// one request could hold any amount of memory. The refusal is 413 in the service's error shape
// (decisions §2), and it comes while the client is still sending: the server did not wait for, nor
// keep, the rest.
import http from "node:http";
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/world";

const TOTAL = 64 * 1024 * 1024;
const CHUNK = 64 * 1024;

/** POSTs a chunked JSON body of TOTAL bytes (no Content-Length); resolves with the answer and the bytes sent by then. */
function chunkedPost(path: string): Promise<{ status: number; body: any; sentWhenAnswered: number }> {
  return new Promise((resolve, reject) => {
    let sent = 0;
    let sentWhenAnswered = -1;
    const request = http.request(
      `${baseUrl()}${path}`,
      { method: "POST", agent: false, headers: { "Content-Type": "application/json", Origin: baseUrl() } },
      (response) => {
        sentWhenAnswered = sent;
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (part) => (text += part));
        response.on("end", () => {
          request.destroy();
          resolve({ status: response.statusCode!, body: JSON.parse(text), sentWhenAnswered });
        });
      },
    );
    request.on("error", (error) => (request.destroyed || sentWhenAnswered >= 0 ? undefined : reject(error)));
    void (async () => {
      const opening = Buffer.from('{"email":"someone@example.com","password":"');
      request.write(opening);
      sent += opening.byteLength;
      const chunk = Buffer.from("a".repeat(CHUNK));
      while (sent < TOTAL && sentWhenAnswered < 0 && !request.destroyed) {
        sent += chunk.byteLength;
        if (!request.write(chunk))
          await new Promise((done) => {
            request.once("drain", done);
            request.once("close", done);
          });
      }
      if (!request.destroyed && sentWhenAnswered < 0) request.end('"}');
    })();
  });
}

describe("better-auth's routes: a body over 1 MiB sent chunked", () => {
  it.each(["/api/auth/sign-in/email", "/api/auth/sign-out"])(
    "%s is refused with 413 in the error shape before the whole body is sent",
    async (path) => {
      const answer = await chunkedPost(path);
      expect(answer.status).toBe(413);
      expect(answer.body).toMatchObject({
        ok: false,
        error: { code: "invalid_input", field: "body", message: "body: larger than the 1 MiB limit" },
      });
      expect(answer.body.error.requestId).toEqual(expect.any(String));
      // answered while reading: far less than the whole body had gone out
      expect(answer.sentWhenAnswered).toBeLessThan(TOTAL / 2);
    },
    60_000,
  );
});
