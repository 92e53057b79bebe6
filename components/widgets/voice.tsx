"use client";
// The brand voice (brand.soul.read, which has no widget of its own in the specification): its parts
// as readable text under headings, each line with where it came from on demand (its genome entry:
// who proposed it, from what, who approved it), read once when first asked for.
import { useState } from "react";
import { useWidgetCalls } from "./calls";
import { Empty, WidgetFrame } from "./frame";
import { day, type GenomeEntry, Origin } from "./genome-origin";
import { errorOf, okDataOf, type WidgetProps } from "./types";
import { WidgetError } from "./widget-error";

/** The compiled voice, each line with where it came from on demand (brand.soul.read's sources). */
export function VoiceCard({ capabilityId, envelope, brand }: WidgetProps) {
  const soul = okDataOf(envelope, "brand.soul.read");
  const { run } = useWidgetCalls();
  const [entries, setEntries] = useState<Map<string, GenomeEntry> | null>(null);
  const [loading, setLoading] = useState(false);
  const [error, setError] = useState<ReturnType<typeof errorOf>>();

  /** the approved entries, read once when a source is first asked for */
  async function loadSources() {
    if (entries || loading) return;
    setLoading(true);
    const found = new Map<string, GenomeEntry>();
    let cursor: string | undefined;
    for (let page = 0; page < 10; page++) {
      const answer = await run("genome.read", brand, { status: "approved", limit: 50, ...(cursor ? { cursor } : {}) });
      const data = okDataOf(answer, "genome.read");
      if (!data) {
        setError(errorOf(answer));
        break;
      }
      for (const entry of data.entries) found.set(entry.id, entry);
      if (!data.nextCursor) break;
      cursor = data.nextCursor;
    }
    setEntries(found);
    setLoading(false);
  }

  if (!soul) return <WidgetFrame name="fallback" capabilityId={capabilityId} error={errorOf(envelope)} />;
  const line = (text: string, id: string | undefined, index: number) => (
    <SoulLine
      key={id ?? index}
      line={text}
      entry={id ? entries?.get(id) : undefined}
      loading={loading}
      onAsk={() => void loadSources()}
    />
  );
  const sections: [title: string, groups: [subtitle: string | null, lines: string[], ids: string[]][]][] = [
    ["Voice", [[null, soul.voice ? soul.voice.split("\n\n") : [], soul.sources.voice]]],
    ["Guardrails", [[null, soul.guardrails, soul.sources.guardrails]]],
    [
      "Vocabulary",
      [
        ["Words to use", soul.vocabulary.use, soul.sources.vocabulary.use],
        ["Words to avoid", soul.vocabulary.avoid, soul.sources.vocabulary.avoid],
      ],
    ],
    ["Archetypes", [[null, soul.archetypes, soul.sources.archetypes]]],
  ];
  const shown = sections
    .map(([title, groups]) => [title, groups.filter(([, lines]) => lines.length > 0)] as const)
    .filter(([, groups]) => groups.length > 0);
  return (
    <WidgetFrame name="fallback" capabilityId={capabilityId}>
      {shown.length === 0 ? (
        <Empty>Nothing approved yet: the voice is empty.</Empty>
      ) : (
        shown.map(([title, groups]) => (
          <section key={title} className="soul-section" data-testid="soul-section">
            <h4>{title}</h4>
            {groups.map(([subtitle, lines, ids]) => (
              <div key={subtitle ?? title}>
                {subtitle && <h5 className="soul-subheading">{subtitle}</h5>}
                <ul className="list soul-lines">{lines.map((text, index) => line(text, ids[index], index))}</ul>
              </div>
            ))}
          </section>
        ))
      )}
      <p className="muted soul-compiled">Last changed {day(soul.compiledAt)}.</p>
      {error && <WidgetError error={error} />}
    </WidgetFrame>
  );
}

function SoulLine({
  line,
  entry,
  loading,
  onAsk,
}: {
  line: string;
  entry: GenomeEntry | undefined;
  loading: boolean;
  onAsk: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <li className="list-row soul-line" data-testid="soul-line">
      <div className="list-main">
        <span className="list-title">{line}</span>
        {open && (
          <span className="list-details" data-testid="soul-source">
            {entry ? <Origin entry={entry} /> : loading ? "Finding where it came from…" : "Its source is not known."}
          </span>
        )}
      </div>
      <button
        type="button"
        className="link-button"
        data-testid="soul-source-toggle"
        aria-expanded={open}
        onClick={() => {
          if (!open) onAsk();
          setOpen(!open);
        }}
      >
        {open ? "Hide source" : "Where from?"}
      </button>
    </li>
  );
}
