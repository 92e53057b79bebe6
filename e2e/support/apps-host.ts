// A minimal MCP Apps host for the browser tests, as a chat app embeds views: the official MCP
// client (v2) talks to the door through the host's own backend (by default /mcp on the page's
// origin, which adds the key, as a host keeps credentials off the page) or, as a browser host like
// ext-apps' basic-host does, straight to the door on its own origin with the key in a header (CORS).
// Each tool call whose tool names a view renders that view in a sandboxed iframe (scripts only, an
// opaque origin, the CSP its `_meta.ui.csp` asks for) through ext-apps' AppBridge. Bundled by
// e2e/support/apps-host-page.ts.
import { Client, StreamableHTTPClientTransport } from "@modelcontextprotocol/client";
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

type ToolResult = {
  isError?: boolean;
  content?: unknown;
  structuredContent?: unknown;
  _meta?: Record<string, unknown>;
};
type Tool = { name: string; _meta?: { ui?: { resourceUri?: string } } } & Record<string, unknown>;

const client = new Client(
  { name: "test-apps-host", version: "1.0.0" },
  {
    capabilities: {
      extensions: { "io.modelcontextprotocol/ui": { mimeTypes: ["text/html;profile=mcp-app"] } },
    } as never,
  },
);
let tools: Tool[] = [];
let views = 0;
/** what the model was handed (the host's own calls), and what the views got (their calls) */
const seen = { model: [] as unknown[], view: [] as ToolResult[] };

/** Connects to `endpoint.url` (default: the host's own /mcp) sending `endpoint.headers`; answers the tool names. */
async function start(endpoint: { url?: string; headers?: Record<string, string> } = {}): Promise<string[]> {
  const url = new URL(endpoint.url ?? "/mcp", location.href);
  await client.connect(new StreamableHTTPClientTransport(url, { requestInit: { headers: endpoint.headers ?? {} } }));
  tools = (await client.listTools()).tools as Tool[];
  return tools.map((tool) => tool.name);
}

/** The model's tool call, and its view when the tool has one; answers the view's iframe id. */
async function run(
  name: string,
  args: Record<string, unknown>,
  theme: "light" | "dark" = "light",
  variables?: Record<string, string>,
): Promise<{ frame: string | null; result: ToolResult }> {
  const result = (await client.callTool({ name, arguments: args })) as ToolResult;
  seen.model.push(result.content, result.structuredContent);
  const tool = tools.find((candidate) => candidate.name === name);
  const uri = tool?._meta?.ui?.resourceUri;
  if (!tool || !uri) return { frame: null, result };
  const { contents } = await client.readResource({ uri });
  const page = contents[0] as {
    text: string;
    _meta?: { ui?: { csp?: { resourceDomains?: string[]; connectDomains?: string[] } } };
  };
  const csp = page._meta?.ui?.csp ?? {};
  const policy = `default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data: blob: ${(csp.resourceDomains ?? []).join(" ")}; connect-src ${(csp.connectDomains ?? []).join(" ")}`;
  const html = page.text.replace("<head>", `<head><meta http-equiv="Content-Security-Policy" content="${policy}">`);

  const id = `view-${++views}`;
  const iframe = document.createElement("iframe");
  iframe.id = id;
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.title = `${name} view`;
  document.getElementById("views")!.append(iframe);
  const bridge = new AppBridge(
    null,
    { name: "test-apps-host", version: "1.0.0" },
    { serverTools: {}, openLinks: {} },
    {
      hostContext: {
        theme,
        displayMode: "inline",
        toolInfo: { tool: tool as never },
        containerDimensions: { maxWidth: iframe.clientWidth },
        ...(variables ? { styles: { variables } as never } : {}),
      },
    },
  );
  // the view's calls go to the server as this host's calls; their results are the view's alone
  bridge.oncalltool = async (params) => {
    const answer = (await client.callTool(params)) as ToolResult;
    seen.view.push(answer);
    return answer as never;
  };
  bridge.onsizechange = ({ height }) => {
    if (height) iframe.style.height = `${Math.ceil(height)}px`;
  };
  bridge.oninitialized = () => {
    void bridge.sendToolInput({ arguments: args }).then(() => bridge.sendToolResult(result as never));
  };
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  iframe.srcdoc = html;
  return { frame: id, result };
}

/** A call the test makes as if it were a host replaying what it saw (not the model's, not a view's). */
async function callRaw(name: string, args: Record<string, unknown>): Promise<ToolResult> {
  return (await client.callTool({ name, arguments: args })) as ToolResult;
}

Object.assign(window, { appsHost: { start, run, callRaw, seen } });
