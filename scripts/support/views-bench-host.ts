// The browser half of npm run bench:views: a host page (ext-apps' AppBridge, no server) that
// renders a view's page in a sandboxed iframe, hands it a kit_read input and result, and reports
// how long the first render took: from the frame's creation to the view telling the host its
// rendered size with the colours in it (the view's own size-changed notification).
import { AppBridge, PostMessageTransport } from "@modelcontextprotocol/ext-apps/app-bridge";

type Sample = { ms: number };

async function render(html: string, result: unknown): Promise<Sample> {
  const iframe = document.createElement("iframe");
  iframe.setAttribute("sandbox", "allow-scripts");
  iframe.style.cssText = "width:100%;height:100px;border:0";
  document.body.replaceChildren(iframe);
  const bridge = new AppBridge(
    null,
    { name: "bench-host", version: "1.0.0" },
    { serverTools: {} },
    {
      hostContext: {
        theme: "light",
        displayMode: "inline",
        toolInfo: { tool: { name: "kit_read", inputSchema: { type: "object" } } as never },
      },
    },
  );
  const started = performance.now();
  const rendered = new Promise<Sample>((resolve) => {
    // the first size the view reports after it has the result is the rendered palette's
    let fed = false;
    bridge.oninitialized = () => {
      void bridge
        .sendToolInput({ arguments: { brand: "BENCH" } })
        .then(() => bridge.sendToolResult(result as never))
        .then(() => (fed = true));
    };
    bridge.onsizechange = ({ height }) => {
      if (fed && height && height > 150) resolve({ ms: performance.now() - started });
    };
  });
  await bridge.connect(new PostMessageTransport(iframe.contentWindow!, iframe.contentWindow!));
  iframe.srcdoc = html;
  const sample = await rendered;
  await bridge.close();
  return sample;
}

Object.assign(window, { benchRender: render });
