// A plain HTML summary of the document, put beside Scalar's mount point on /docs. Scalar's
// script comes from its CDN (the npm adapter does not ship the bundle); until it has loaded, or
// where that CDN is unreachable, people still read every operation and its curl sample.
type Operation = {
  summary: string;
  description: string;
  "x-scope": string | null;
  "x-min-role": string;
  "x-confirmation": boolean;
  "x-status": string;
  "x-codeSamples": { source: string }[];
};

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

// Hidden once Scalar has mounted (its own <main> then is the page's only one); its samples scroll
// sideways, so each is focusable for people who scroll with the keyboard.
export function referenceSummary(document: Record<string, unknown>): string {
  const paths = document.paths as Record<string, { post?: Operation }>;
  const items = Object.entries(paths)
    .filter(([path, item]) => !path.includes("{") && item.post)
    .map(([path, { post }]) => {
      const op = post!;
      const facts = `scope ${op["x-scope"] ?? "none"} · role ${op["x-min-role"]} · ${op["x-confirmation"] ? "needs confirmation" : "no confirmation"} · rollout phase in the specification: ${op["x-status"]} (this server serves it)`;
      return (
        `<section><h2>${escapeHtml(op.summary)}</h2><p><code>POST ${escapeHtml(path)}</code> <small>${escapeHtml(facts)}</small></p>` +
        `<p>${escapeHtml(op.description.split("\n\n")[0]!)}</p><pre tabindex="0">${escapeHtml(op["x-codeSamples"][0]!.source)}</pre></section>`
      );
    });
  const info = document.info as { title: string };
  return (
    `<style>#app:not(:empty) ~ #reference-summary { display: none } #reference-summary { font: 15px/1.5 system-ui, sans-serif; max-width: 860px; margin: 2rem auto; padding: 0 1rem } #reference-summary pre { background: #f4f4f4; padding: .75rem; overflow-x: auto }</style>` +
    `<main id="reference-summary"><h1>${escapeHtml(info.title)}</h1><p>Summary of <a href="/api/v1/openapi.json">the OpenAPI document</a> and <a href="/api/v1/catalog.json">the catalogue</a>; the interactive reference replaces it once its script has loaded.</p>${items.join("")}</main>`
  );
}
