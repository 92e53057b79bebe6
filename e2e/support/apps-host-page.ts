// The Node side of the test MCP Apps host (apps-host.ts): bundled with esbuild, served as a page by
// a node:http server of its own (an origin other than the service's), and driven from a test. With
// `proxyTo` the page's backend forwards /mcp to the door with the key (a host that keeps credentials
// off the page); without it, the page's client talks to the door itself (CORS).
import { createServer, request as httpRequest, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import path from "node:path";
import { build } from "esbuild";
import type { FrameLocator, Page } from "playwright-core";
import { expect } from "vitest";

export type Run = {
  frame: string | null;
  result: { isError?: boolean; content?: unknown; structuredContent?: any; _meta?: Record<string, any> };
};
export type Host = {
  start(endpoint?: { url?: string; headers?: Record<string, string> }): Promise<string[]>;
  run(
    name: string,
    args: Record<string, unknown>,
    theme?: "light" | "dark",
    variables?: Record<string, string>,
  ): Promise<Run>;
  callRaw(name: string, args: Record<string, unknown>): Promise<Run["result"]>;
  seen: { model: unknown[]; view: Run["result"][] };
};

export async function bundleHost(): Promise<string> {
  const bundled = await build({
    entryPoints: [path.resolve(import.meta.dirname, "apps-host.ts")],
    bundle: true,
    format: "esm",
    platform: "browser",
    target: "es2022",
    write: false,
    logLevel: "warning",
  });
  return bundled.outputFiles[0]!.text;
}

/** GET / is the host's page; with `proxyTo`, /mcp goes to that door with that key. Answers the page's origin. */
export async function serveHostPage(
  script: string,
  servers: Server[],
  options: { proxyTo?: { url: string; key: string }; name?: string } = {},
): Promise<string> {
  const page = `<!doctype html><html><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Test host</title>
<style>body{margin:0;padding:8px;font-family:sans-serif;background:#fff} body.dark{background:#101114} iframe{display:block;width:100%;height:120px;border:1px solid #8884;border-radius:8px;margin:0 0 12px}</style>
</head><body><div id="views"></div><script type="module">${script.replace(/<\/script/gi, "<\\/script")}</script></body></html>`;
  const proxy = options.proxyTo;
  const server = createServer((incoming, outgoing) => {
    if (incoming.url === "/")
      return void outgoing.writeHead(200, { "Content-Type": "text/html; charset=utf-8" }).end(page);
    if (!proxy || !incoming.url?.startsWith("/mcp")) return void outgoing.writeHead(404).end();
    const { host: _host, origin: _origin, ...headers } = incoming.headers;
    const forwarded = httpRequest(
      new URL(proxy.url),
      { method: incoming.method, headers: { ...headers, authorization: `Bearer ${proxy.key}` } },
      (answer) => {
        outgoing.writeHead(answer.statusCode!, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forwarded.on("error", () => outgoing.destroy());
    incoming.pipe(forwarded);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  servers.push(server);
  return `http://${options.name ?? "127.0.0.1"}:${(server.address() as AddressInfo).port}`;
}

export function closeAll(servers: Server[]): void {
  for (const server of servers) {
    server.closeAllConnections();
    server.close();
  }
}

/** Runs `fn` in the page with the host object (window.appsHost). */
export const host = <T>(page: Page, fn: (host: Host, arg: any) => Promise<T>, arg?: unknown) =>
  page.evaluate(
    ([source, value]) =>
      new Function("host", "arg", `return (${source})(host, arg)`)(
        (window as unknown as { appsHost: Host }).appsHost,
        value,
      ),
    [fn.toString(), arg] as const,
  ) as Promise<T>;

/** The model's call of `name`, and the frame of the view it renders. */
export async function view(
  page: Page,
  name: string,
  args: Record<string, unknown>,
  theme: "light" | "dark" = "light",
  variables?: Record<string, string>,
): Promise<{ frame: FrameLocator; run: Run }> {
  const run = await host<Run>(page, (h, a) => h.run(a.name, a.args, a.theme, a.variables), {
    name,
    args,
    theme,
    variables,
  });
  expect(run.frame, `${name} has a view`).toBeTruthy();
  return { frame: page.frameLocator(`#${run.frame}`), run };
}
