// The page inside an MCP host's iframe (MCP Apps): one of the Assistant's own widgets, chosen by
// the view's resource (lib/mcp/views.ts), fed the tool's input and result by the host, its
// calls made through the host (calls.ts), styled by the host's theme and variables when it sends
// them (host-styles.ts) and by our own stylesheet when it sends none. Built by
// scripts/build-mcp-views.ts into one inline bundle.
import { StrictMode, useEffect, useMemo, useState } from "react";
import { createRoot } from "react-dom/client";
import { useApp, useHostStyles } from "@modelcontextprotocol/ext-apps/react";
import { CatalogueProvider } from "../widgets/catalogue";
import { WidgetCallsProvider } from "../widgets/calls";
import { Widget } from "../widgets/registry";
import { isRecord, type CatalogueEntry, type ToolEnvelope } from "../widgets/types";
import { hostCalls } from "./calls";
import { capabilityOfResult, envelopeOfResult } from "./envelope";
import { followHostContext } from "./host-styles";

type ViewData = { widget: string; catalogue: CatalogueEntry[] };
type Shown = { capabilityId: string; input: Record<string, unknown>; envelope: ToolEnvelope | null };

const data = JSON.parse(document.getElementById("view-data")!.textContent!) as ViewData;
const catalogue = new Map(data.catalogue.map((entry) => [entry.id, entry]));
const byToolName = new Map(data.catalogue.map((entry) => [entry.toolName, entry.id]));

function View() {
  const [shown, setShown] = useState<Shown | null>(null);
  const { app, isConnected, error } = useApp({
    appInfo: { name: "brand-operations-view", version: "1.0.0" },
    capabilities: {},
    onAppCreated: (created) => {
      // which capability this view answers: the door names it in the result's _meta; until then,
      // the tool the host says it is rendering (hosts need not say)
      const capabilityOf = () => byToolName.get(created.getHostContext()?.toolInfo?.tool.name ?? "") ?? "";
      created.ontoolinput = ({ arguments: input }) =>
        setShown((now) => ({
          capabilityId: capabilityOf(),
          envelope: now?.envelope ?? null,
          input: isRecord(input) ? input : {},
        }));
      created.ontoolresult = (result) =>
        setShown((now) => {
          const capabilityId = capabilityOfResult(result, capabilityOf() || now?.capabilityId || "");
          return { capabilityId, input: now?.input ?? {}, envelope: envelopeOfResult(capabilityId, result) };
        });
      created.onhostcontextchanged = () => followHostContext(created.getHostContext());
    },
  });
  useHostStyles(app, app?.getHostContext());
  // the host's context arrives with the connection (and changes by notification, above)
  useEffect(() => followHostContext(app?.getHostContext()), [app, isConnected]);
  const calls = useMemo(() => (app ? hostCalls(app, catalogue) : null), [app]);
  if (error) return <p className="mcp-view-note">This view could not reach its host: {error.message}</p>;
  if (!calls || !shown?.envelope)
    return (
      <p className="mcp-view-note" data-testid="view-waiting">
        Working…
      </p>
    );
  const brand = typeof shown.input.brand === "string" ? shown.input.brand : "";
  return (
    <WidgetCallsProvider value={calls}>
      <CatalogueProvider entries={data.catalogue}>
        <Widget
          widget={data.widget}
          capabilityId={shown.capabilityId}
          input={shown.input}
          envelope={shown.envelope}
          brand={brand}
        />
      </CatalogueProvider>
    </WidgetCallsProvider>
  );
}

createRoot(document.getElementById("root")!).render(
  <StrictMode>
    <div className="app mcp-view">
      <View />
    </div>
  </StrictMode>,
);
