// The guards of the Client ID Metadata Document fetch (lib/oauth/client-metadata-documents.ts),
// called directly: the addresses are checked where the socket connects (a name resolving to a
// private address is refused even though no check ran before), and a document server on loopback
// shows the bounds on what comes back.
import { createServer, type Server } from "node:http";
import type { lookup, LookupAddress } from "node:dns";
import { isIP, type AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fetchDocument, publicOnly } from "../../lib/oauth/client-metadata-documents";

let server: Server;
let origin: string;
beforeAll(async () => {
  server = createServer((request, response) => {
    if (request.url === "/big.json") return void response.end(JSON.stringify({ padding: "x".repeat(70 * 1024) }));
    if (request.url === "/moved.json") return void response.writeHead(302, { Location: "/client.json" }).end();
    if (request.url === "/text") return void response.end("not json");
    response
      .setHeader("Content-Type", "application/json")
      .end(JSON.stringify({ client_id: `${origin}${request.url}` }));
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => server.close(resolve)));

/** What a lookup answers for a name, as the socket would receive it. */
const answerOf = (guarded: typeof lookup) =>
  new Promise((resolve) => guarded("client.example", { all: true }, (error, answers) => resolve(error ?? { answers })));

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => "fetched",
    (error: { body?: { error_description?: string } }) => error.body?.error_description,
  );

describe("fetching a client's metadata document", () => {
  it("refuses a name that resolves to loopback, at connect time", async () => {
    const port = (server.address() as AddressInfo).port;
    expect(await refusal(fetchDocument(`https://localhost:${port}/client.json`))).toBe(
      "the client's metadata document is not on a public address",
    );
  });

  it.each([
    "https://127.0.0.1/client.json",
    "https://10.1.2.3/client.json",
    "https://[::1]/client.json",
    "https://[::ffff:127.0.0.1]/client.json",
    "https://169.254.169.254/latest",
    // IPv6 forms that carry a non-public IPv4 address: compatible, NAT64, 6to4, translated,
    // mapped in hex, local-use NAT64, Teredo (client 127.0.0.1, inverted), ISATAP
    "https://[::127.0.0.1]/client.json",
    "https://[64:ff9b::7f00:1]/client.json",
    "https://[2002:7f00:1::]/client.json",
    "https://[64:ff9b::a9fe:a9fe]/latest",
    "https://[2002:a00:1::1]/client.json",
    "https://[::ffff:0:7f00:1]/client.json",
    "https://[::ffff:a9fe:a9fe]/latest",
    "https://[64:ff9b:1::808:808]/client.json",
    "https://[2001:0:4136:e378:8000:63bf:80ff:fffe]/client.json",
    "https://[2600::5efe:a9fe:a9fe]/latest",
    "https://[fd00::1]/client.json",
    "https://[fe80::1]/client.json",
  ])("refuses the address literal %s before connecting", async (url) => {
    expect(await refusal(fetchDocument(url))).toBe("the client's metadata document is not on a public address");
  });

  it.each([
    "127.0.0.1",
    "::1",
    "::ffff:127.0.0.1",
    "::127.0.0.1",
    "64:ff9b::7f00:1",
    "2002:7f00:1::",
    "64:ff9b::a9fe:a9fe",
    "2001:0:4136:e378:8000:63bf:80ff:fffe",
    "fd12::1",
  ])("refuses a name whose DNS answer is %s, at connect time", async (address) => {
    // a resolver answering as a hostile name server would; the guard sees what the socket would connect to
    const resolver = ((_name: string, _options: unknown, callback: (error: null, answers: LookupAddress[]) => void) =>
      callback(null, [
        { address: "93.184.215.14", family: 4 },
        { address, family: isIP(address) },
      ])) as unknown as typeof lookup;
    expect(await answerOf(publicOnly(resolver))).toMatchObject({ code: "ERR_CIMD_NON_PUBLIC" });
  });

  it("lets public answers through, IPv6 forms of public IPv4 addresses included", async () => {
    for (const address of [
      "93.184.215.14",
      "2606:2800:21f:cb07:6820:80da:af6b:8b2c",
      "64:ff9b::5db8:d70e",
      "::ffff:93.184.215.14",
    ]) {
      const resolver = ((_name: string, _options: unknown, callback: (error: null, answers: LookupAddress[]) => void) =>
        callback(null, [{ address, family: isIP(address) }])) as unknown as typeof lookup;
      expect(await answerOf(publicOnly(resolver))).toEqual({ answers: [{ address, family: isIP(address) }] });
    }
  });

  it("reads a document, and refuses redirects, non-JSON and more than 64 KiB", async () => {
    expect(await fetchDocument(`${origin}/client.json`)).toEqual({ client_id: `${origin}/client.json` });
    expect(await refusal(fetchDocument(`${origin}/moved.json`))).toBe("the client's metadata document answered 302");
    expect(await refusal(fetchDocument(`${origin}/text`))).toBe("the client's metadata document is not JSON");
    expect(await refusal(fetchDocument(`${origin}/big.json`))).toBe(
      "the client's metadata document is larger than 64 KiB",
    );
  });

  it("answers an unknown name as unreachable", async () => {
    expect(await refusal(fetchDocument("https://no-such-host.invalid/client.json"))).toBe(
      "the client's metadata document cannot be reached",
    );
  });
});
