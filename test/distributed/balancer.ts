// A round-robin load balancer on loopback for the multi-instance tests: request n goes to instance
// n mod k, with the Host the client used (as a proxy in front of the instances would pass it on),
// so consecutive steps of one flow land on different instances.
import { createServer, request, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export type Balancer = {
  url: string;
  /** The instances behind it; set after they started (they need the balancer's URL as APP_URL). */
  targets: string[];
  /** Which target answered each request: `METHOD path → target`. */
  served: { method: string; path: string; target: string }[];
  close(): Promise<void>;
};

export async function startBalancer(): Promise<Balancer> {
  let next = 0;
  const balancer: Balancer = {
    url: "",
    targets: [],
    served: [],
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
  const server = createServer((incoming: IncomingMessage, outgoing: ServerResponse) => {
    const target = balancer.targets[next++ % balancer.targets.length];
    if (!target) return void outgoing.writeHead(503).end();
    balancer.served.push({ method: incoming.method!, path: incoming.url!, target });
    const upstream = request(
      new URL(incoming.url!, target),
      { method: incoming.method, headers: incoming.headers },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      },
    );
    upstream.on("error", () => (outgoing.headersSent ? outgoing.destroy() : outgoing.writeHead(502).end()));
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  balancer.url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return balancer;
}
