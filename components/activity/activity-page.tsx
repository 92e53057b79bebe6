"use client";
// The Activity page: the selected brand's trail (activity.list), newest first, with filters a person
// sets by clicking (door, what was done, outcome, only mine, dates), "Show more" for the next page,
// and the file an entry touched shown on request.
import { useCallback, useEffect, useRef, useState } from "react";
import { AppHeader } from "@/components/ui/app-header";
import { dateInWords } from "@/lib/words/date-words";
import { UsageChart } from "./usage-chart";
import { errorSentences } from "@/components/widgets/error-text";
import { runCapability } from "@/components/widgets/run";
import { CatalogueProvider } from "@/components/widgets/catalogue";
import { Widget } from "@/components/widgets/registry";
import { UndoOffer } from "@/components/widgets/undo-offer";
import { NestedWidgetProvider } from "@/components/widgets/nested";
import type { Answer, CatalogueEntry, EnvelopeError, OutputOf } from "@/components/widgets/types";
import { roleAllows } from "@/components/widgets/may";
import type { Role } from "@/lib/contract/roles";
import { valueInWords } from "@/lib/words/value-words";
import { refusalBadge, refusalInWords } from "@/lib/words/refusal-words";

/** one entry of the trail; `target`: the file a write touched, shown with its preview and Download on request */
type Entry = OutputOf<"activity.list">["items"][number];
/** `person`: the e-mail and name of the one person whose doings are shown ("only what I did" is the viewer's own) */
type Filters = {
  door: string;
  capabilityId: string;
  outcome: string;
  mine: boolean;
  person: { email: string; name: string } | null;
  since: string;
  until: string;
};

const DOOR_NAMES: Record<string, string> = { assistant: "Assistant", voice: "Voice", mcp: "MCP", api: "API" };
const NO_FILTERS: Filters = {
  door: "",
  capabilityId: "",
  outcome: "all",
  mine: false,
  person: null,
  since: "",
  until: "",
};

export function ActivityPage({
  user,
  capabilities,
  doors,
  fileEntry,
  undoEntry,
  minRole,
}: {
  user: { name: string; email: string };
  capabilities: { id: string; title: string }[];
  doors: string[];
  fileEntry: CatalogueEntry;
  /** activity.undo's catalogue entry: a row that can be undone offers it through the confirm card */
  undoEntry: CatalogueEntry;
  /** activity.list's minimum role: anyone below it is told so, with no filters offered */
  minRole: Role;
}) {
  const [brand, setBrand] = useState<string | null>(null);
  const [role, setRole] = useState<Role | null | undefined>(undefined);
  const mayRead = role !== undefined && roleAllows(role, minRole);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [entries, setEntries] = useState<Entry[]>([]);
  const [cursor, setCursor] = useState<string | null>(null);
  const [error, setError] = useState<EnvelopeError | null>(null);
  const [loading, setLoading] = useState(false);

  // answers can arrive out of order (two filters chosen in quick succession): only the latest load's is shown
  const latest = useRef(0);
  const load = useCallback(
    async (after: string | null) => {
      if (!brand || !mayRead) return;
      const ticket = ++latest.current;
      setLoading(true);
      const envelope = await runCapability("activity.list", brand, inputOf(filters, user.email, after));
      if (ticket !== latest.current) return;
      setLoading(false);
      if (envelope.status !== "ok") {
        setError(envelope.status === "error" ? envelope.error : null);
        return;
      }
      const data = envelope.data;
      setError(null);
      setEntries((previous) => (after ? [...previous, ...data.items] : data.items));
      setCursor(data.nextCursor);
    },
    [brand, filters, user.email, mayRead],
  );

  useEffect(() => {
    void load(null);
  }, [load]);

  const set = (patch: Partial<Filters>) => setFilters((previous) => ({ ...previous, ...patch }));
  return (
    <div className="app activity-app">
      <AppHeader
        page="activity"
        user={user}
        brand={brand}
        onBrand={setBrand}
        onRole={setRole}
        activity={role !== undefined && mayRead}
      />
      <main className="conversation-scroll">
        <div className="conversation">
          <h1 className="activity-title">Activity</h1>
          <p className="muted activity-lead">
            Every change made in this brand, through the assistant, voice, MCP apps and the API: who, what, how it
            ended, refused attempts and the keys used. Shown to the brand’s admins.
          </p>
          {role !== undefined && !mayRead && (
            <p className="notice" role="status" data-testid="activity-not-yours">
              The activity trail of this brand is shown to its admins; you are a {role} here. An admin of the brand can
              show you what changed. <a href="/">Back to the assistant</a>
            </p>
          )}
          {mayRead && (
            <>
              <UsageChart brand={brand} />
              <form
                className="activity-filters"
                data-testid="activity-filters"
                onSubmit={(event) => event.preventDefault()}
              >
                <label>
                  Door
                  <select
                    data-testid="filter-door"
                    value={filters.door}
                    onChange={(event) => set({ door: event.target.value })}
                  >
                    <option value="">All doors</option>
                    {doors.map((door) => (
                      <option key={door} value={door}>
                        {DOOR_NAMES[door] ?? door}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  What
                  <select
                    data-testid="filter-capability"
                    value={filters.capabilityId}
                    onChange={(event) => set({ capabilityId: event.target.value })}
                  >
                    <option value="">Everything</option>
                    {capabilities.map((capability) => (
                      <option key={capability.id} value={capability.id}>
                        {capability.title}
                      </option>
                    ))}
                  </select>
                </label>
                <label>
                  Outcome
                  <select
                    data-testid="filter-outcome"
                    value={filters.outcome}
                    onChange={(event) => set({ outcome: event.target.value })}
                  >
                    <option value="all">Done and refused</option>
                    <option value="done">Done</option>
                    <option value="refused">Refused</option>
                  </select>
                </label>
                <label>
                  From
                  <input
                    type="date"
                    data-testid="filter-since"
                    value={filters.since}
                    onChange={(event) => set({ since: event.target.value })}
                  />
                </label>
                <label>
                  To
                  <input
                    type="date"
                    data-testid="filter-until"
                    value={filters.until}
                    onChange={(event) => set({ until: event.target.value })}
                  />
                </label>
                <label className="activity-mine">
                  <input
                    type="checkbox"
                    data-testid="filter-mine"
                    checked={filters.mine}
                    onChange={(event) => set({ mine: event.target.checked, person: null })}
                  />
                  Only what I did
                </label>
                {filters.person && (
                  <button
                    type="button"
                    className="button small"
                    data-testid="filter-person"
                    onClick={() => set({ person: null })}
                    aria-label={`Show everyone again, not only ${filters.person.name}`}
                  >
                    Only {filters.person.name} ×
                  </button>
                )}
                {JSON.stringify(filters) !== JSON.stringify(NO_FILTERS) && (
                  <button type="button" className="button" onClick={() => setFilters(NO_FILTERS)}>
                    Clear filters
                  </button>
                )}
              </form>
              {/* the trail is for the brand's admins: anyone else is told so, as a fact rather than a failure */}
              {error && (
                <p
                  className={`notice${error.code === "forbidden" ? "" : " notice-error"}`}
                  role="alert"
                  data-testid="activity-error"
                >
                  {errorSentences(error).join(" ")}
                </p>
              )}
              {!error && !loading && entries.length === 0 && brand && (
                <p className="muted" data-testid="activity-empty">
                  Nothing has been changed here yet
                  {JSON.stringify(filters) !== JSON.stringify(NO_FILTERS) ? " that matches these filters" : ""}.
                </p>
              )}
              <CatalogueProvider entries={[fileEntry, undoEntry]}>
                <ol className="activity-list" data-testid="activity-list" aria-busy={loading}>
                  {entries.map((entry) => (
                    <ActivityRow
                      key={entry.id}
                      entry={entry}
                      brand={brand ?? ""}
                      onPerson={(person) => set({ person, mine: false })}
                    />
                  ))}
                </ol>
              </CatalogueProvider>
              {cursor && (
                <button
                  type="button"
                  className="button"
                  data-testid="activity-more"
                  disabled={loading}
                  onClick={() => void load(cursor)}
                >
                  {loading ? "Loading…" : "Show more"}
                </button>
              )}
            </>
          )}
        </div>
      </main>
    </div>
  );
}

function ActivityRow({
  entry,
  brand,
  onPerson,
}: {
  entry: Entry;
  brand: string;
  onPerson: (person: { email: string; name: string }) => void;
}) {
  const when = new Date(entry.at);
  const refused = entry.status === "refused";
  // a refusal's summary is the API's message for integrators: people read it in words
  const summary = refused ? refusalInWords(entry.code, entry.summary) : entry.summary;
  return (
    <li className="activity-row" data-testid="activity-row" data-door={entry.door} data-status={entry.status}>
      <div className="activity-main">
        <span className="list-title">{entry.title}</span>
        {summary && <span className="activity-summary">{summary}</span>}
        <span className="list-details">
          <time dateTime={entry.at} title={when.toISOString()}>
            {dateInWords(when)}
          </time>
          {" · "}
          {entry.person && entry.email ? (
            <button
              type="button"
              className="link-button"
              data-testid="activity-person"
              title={`Only what ${entry.person} did`}
              onClick={() => onPerson({ email: entry.email!, name: entry.person! })}
            >
              {entry.person}
            </button>
          ) : (
            (entry.person ?? "someone no longer here")
          )}
          {" · "}
          <span data-testid="activity-door">{DOOR_NAMES[entry.door] ?? entry.door}</span>
          {entry.key ? ` · key ${entry.key}` : ""}
        </span>
        {entry.target?.kind === "asset" && <TouchedFile assetId={entry.target.id} brand={brand} />}
        {entry.undo.available && brand && (
          // its confirm card is chosen by the registry, as inside a card of the chat (nested.tsx)
          <NestedWidgetProvider value={Widget}>
            <UndoOffer activityId={entry.id} brand={brand} />
          </NestedWidgetProvider>
        )}
      </div>
      <span className={`badge ${refused ? "badge-fail" : "badge-pass"}`} data-testid="activity-outcome">
        {refused ? refusalBadge(entry.code) : valueInWords(entry.status, "outcome")}
      </span>
    </li>
  );
}

/** The file an entry touched, as it is now (library.asset.get: preview, status, Download), on request. */
function TouchedFile({ assetId, brand }: { assetId: string; brand: string }) {
  const [envelope, setEnvelope] = useState<Answer<"library.asset.get"> | null>(null);
  const [open, setOpen] = useState(false);
  async function toggle() {
    if (!open && !envelope) setEnvelope(await runCapability("library.asset.get", brand, { assetId }));
    setOpen((value) => !value);
  }
  return (
    <>
      <button
        type="button"
        className="link-button activity-target"
        data-testid="activity-open-file"
        aria-expanded={open}
        onClick={() => void toggle()}
      >
        {open ? "Hide the file" : "Show the file"}
      </button>
      {open && envelope && (
        <Widget
          capabilityId="library.asset.get"
          widget="record"
          input={{ assetId }}
          envelope={envelope}
          brand={brand}
        />
      )}
    </>
  );
}

function inputOf(filters: Filters, email: string, cursor: string | null): Record<string, unknown> {
  // dates are the person's local days: from the start of "From" to the end of "To"
  const day = (value: string, end: boolean) => {
    const date = new Date(`${value}T00:00:00`);
    if (end) date.setDate(date.getDate() + 1);
    return date.toISOString();
  };
  return {
    ...(filters.door ? { door: filters.door } : {}),
    ...(filters.capabilityId ? { capabilityId: filters.capabilityId } : {}),
    outcome: filters.outcome,
    ...(filters.mine ? { person: email } : filters.person ? { person: filters.person.email } : {}),
    ...(filters.since ? { since: day(filters.since, false) } : {}),
    ...(filters.until ? { until: day(filters.until, true) } : {}),
    ...(cursor ? { cursor } : {}),
    limit: 25,
  };
}
