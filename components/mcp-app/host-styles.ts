// The host's look, when it sends one (MCP Apps host context): ext-apps' useHostStyles sets its
// theme (data-theme, which picks our light or dark palette in view.css) and its variables; here
// its standard variables also stand in for ours, which the widgets are styled with. Its width is
// the frame's, which the widgets' own layout follows. A host that sends nothing gets our own look.
import type { McpUiHostContext } from "@modelcontextprotocol/ext-apps";

// the host's standard variables (MCP Apps spec) → the variables our widgets are styled with
const OURS: Record<string, string[]> = {
  "--color-background-primary": ["--surface"],
  "--color-background-secondary": ["--soft", "--bg"],
  "--color-text-primary": ["--ink"],
  "--color-text-secondary": ["--muted"],
  "--color-border-primary": ["--line"],
  "--color-border-secondary": ["--hairline"],
  "--border-radius-md": ["--radius"],
  "--font-sans": ["--font"],
};

export function followHostContext(context: McpUiHostContext | undefined): void {
  const root = document.documentElement;
  const variables = (context?.styles?.variables ?? {}) as Record<string, string | undefined>;
  for (const [theirs, ours] of Object.entries(OURS)) {
    const value = variables[theirs];
    for (const name of ours) value ? root.style.setProperty(name, value) : root.style.removeProperty(name);
  }
}
