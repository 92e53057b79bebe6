// The host's look, when it sends one (MCP Apps host context): its theme switches our light/dark
// palette (data-theme, view.css), its style variables stand in for ours, its width is the view's.
// A host that sends nothing gets our own stylesheet as on our page.
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
  if (context?.theme === "light" || context?.theme === "dark") root.setAttribute("data-theme", context.theme);
  const variables = (context?.styles?.variables ?? {}) as Record<string, string | undefined>;
  for (const [theirs, ours] of Object.entries(OURS)) {
    const value = variables[theirs];
    for (const name of ours) value ? root.style.setProperty(name, value) : root.style.removeProperty(name);
  }
  root.dataset.displayMode = context?.displayMode ?? "inline";
}
