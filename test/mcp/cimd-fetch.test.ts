// The guards of the Client ID Metadata Document fetch (lib/oauth/client-metadata-documents.ts),
// called directly: the addresses are checked where the socket connects (a name resolving to a
// private address is refused even though no check ran before), and a document server on loopback
// shows the bounds on what comes back.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchDocument } from "../../lib/oauth/client-metadata-documents";

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/big.json") return void response.end(JSON.stringify({ padding: "x".repeat(70 * 1024) }));
    if (request.url === "/moved.json") return void response.writeHead(302, { Location: "/client.json" }).end();
    if (request.url === "/text") return void response.end("not json");
    response.setHeader("Content-Type", "application/json").end(JSON.stringify({ client_id: `${origin}${request.url}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

const refusal = (promise: Promise<unknown>) => promise.then(() => "fetched", (error: { body?: { error_description?: string } }) => error.body?.error_description);

describe("fetching a client's metadata document", () => {
  it("refuses a name that resolves to loopback, at connect time", async () => {
    const port = (server.address() as AddressInfo).port;
    expect(await refusal(fetchDocument(`https://localhost:${port}/client.json`))).toBe("the client's metadata document is not on a public address");
  });

  it.each(["https://127.0.0.1/client.json", "https://10.1.2.3/client.json", "https://[::1]/client.json", "https://[::ffff:127.0.0.1]/client.json", "https://169.254.169.254/latest"])(
    "refuses the address literal %s before connecting",
    async (url) => {
      expect(await refusal(fetchDocument(url))).toBe("the client's metadata document is not on a public address");
    },
  );

  it("reads a document, and refuses redirects, non-JSON and more than 64 KiB", async () => {
    expect(await fetchDocument(`${origin}/client.json`)).toEqual({ client_id: `${origin}/client.json` });
    expect(await refusal(fetchDocument(`${origin}/moved.json`))).toBe("the client's metadata document answered 302");
    expect(await refusal(fetchDocument(`${origin}/text`))).toBe("the client's metadata document is not JSON");
    expect(await refusal(fetchDocument(`${origin}/big.json`))).toBe("the client's metadata document is larger than 64 KiB");
  });

  it("answers an unknown name as unreachable", async () => {
    expect(await refusal(fetchDocument("https://no-such-host.invalid/client.json"))).toBe("the client's metadata document cannot be reached");
  });
});
