"use client";
// Lists of things (brands, contact channels, integrations): a name, its details, status badges,
// what can be done with a row (row-actions.tsx), and the providers that can be connected when the
// catalogue was asked for.
import { Badge, count, Empty, WidgetFrame } from "./frame";
import { formatScalar, labelOf } from "./readable";
import { NextPage, usePages } from "./pages";
import { AddContact, RowActions } from "./row-actions";
import { useCanRun } from "./may";
import { useState } from "react";
import { useWidgetCalls } from "./calls";
import { ConnectButton } from "./connect-button";
import { valueInWords } from "./value-words";
import { errorOf, isRecord, okData, type ToolEnvelope, type WidgetProps } from "./types";

type Item = Record<string, unknown>;

// every capability's list is shown alike, so its answer is read generically: objects with rows
function rowsOf(value: unknown): Item[] | undefined {
  return Array.isArray(value) ? value.filter(isRecord) : undefined;
}

function listPage(envelope: ToolEnvelope | null): { items: Item[]; nextCursor: string | null } | undefined {
  const data = okData(envelope);
  if (!isRecord(data)) return undefined;
  return { items: rowsOf(data.items) ?? [], nextCursor: typeof data.nextCursor === "string" ? data.nextCursor : null };
}

// which field names the item, which ones are shown as badges; the rest are details
const TITLE_FIELDS = ["name", "value", "provider", "title"];
const BADGE_FIELDS = ["status", "role", "type", "available"];
const HIDDEN = new Set(["id"]);

export function ListWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const answer = okData(envelope);
  const data = isRecord(answer) ? { catalog: rowsOf(answer.catalog) } : undefined;
  const pages = usePages({ capabilityId, input, envelope, brand }, listPage);
  const items = pages.items;
  // an empty list offers what fills it, to those who may: no dead end
  const canRun = useCanRun();
  const addsContacts = capabilityId === "brand.contacts.list" && canRun("brand.contacts.save");
  return (
    <WidgetFrame
      name="list"
      capabilityId={capabilityId}
      error={errorOf(envelope)}
      aside={data ? count(items.length, "item", Boolean(pages.nextCursor)) : undefined}
    >
      {data && items.length === 0 && <Empty>{EMPTY[capabilityId] ?? "Nothing here yet."}</Empty>}
      {items.length > 0 && <Rows items={items} actions={{ capabilityId, brand }} />}
      {data?.catalog && (
        <>
          <h4 className="list-subhead">Providers you can connect</h4>
          <Rows items={data.catalog} connect={brand} connected={connectedProviders(items)} />
        </>
      )}
      <NextPage pages={pages} />
      {data && addsContacts && <AddContact brand={brand} />}
      {data &&
        items.length === 0 &&
        !data.catalog &&
        capabilityId === "connections.list" &&
        canRun("connections.connect") && <ShowServices brand={brand} />}
    </WidgetFrame>
  );
}

/** The services that can be connected, shown in place (a read of this same list, with its catalogue). */
function ShowServices({ brand }: { brand: string }) {
  const { run } = useWidgetCalls();
  const [shown, setShown] = useState<ToolEnvelope | null>(null);
  const [busy, setBusy] = useState(false);
  async function show() {
    setBusy(true);
    const envelope = await run("connections.list", brand, { includeCatalog: true });
    setBusy(false);
    setShown(envelope);
  }
  if (shown)
    return (
      <ListWidget capabilityId="connections.list" input={{ includeCatalog: true }} envelope={shown} brand={brand} />
    );
  return (
    <button
      type="button"
      className="button small"
      data-testid="connections-show-services"
      disabled={busy}
      onClick={() => void show()}
    >
      Connect a service
    </button>
  );
}

const EMPTY: Record<string, string> = {
  "brand.contacts.list": "No contact channels yet: add the brand's website, e-mail or phone below.",
  "connections.list": "No services connected yet.",
};

/** The providers the brand has a live connection to: their catalogue row offers another account. */
function connectedProviders(items: Item[]): ReadonlySet<string> {
  return new Set(items.filter((item) => item.status === "connected").map((item) => String(item.provider)));
}

function Rows({
  items,
  actions,
  connect,
  connected,
}: {
  items: Item[];
  actions?: { capabilityId: string; brand: string };
  connect?: string;
  connected?: ReadonlySet<string>;
}) {
  return (
    <ul className="list">
      {items.map((item, index) => {
        const titleKey = TITLE_FIELDS.find((key) => typeof item[key] === "string");
        // a provider's key says nothing more than its name beside it
        const details = Object.entries(item).filter(
          ([key]) =>
            key !== titleKey &&
            !HIDDEN.has(key) &&
            !BADGE_FIELDS.includes(key) &&
            !(key === "provider" && "name" in item),
        );
        return (
          <li key={String(item.id ?? index)} className="list-row">
            <div className="list-main">
              <span className="list-title">{titleKey ? String(item[titleKey]) : `Item ${index + 1}`}</span>
              <span className="list-details">
                {details
                  .filter(([, value]) => value !== null && value !== undefined && !isRecord(value))
                  .filter(([key]) => !(key === "capabilityId" && typeof item.summary === "string"))
                  .map(([key, value]) => detailInWords(key, value))
                  .join(" · ")}
              </span>
              {actions && <RowActions capabilityId={actions.capabilityId} item={item} brand={actions.brand} />}
              {connect !== undefined && item.available === true && (
                <ConnectButton
                  brand={connect}
                  provider={String(item.provider)}
                  name={String(item.name)}
                  another={connected?.has(String(item.provider)) ?? false}
                />
              )}
            </div>
            <span className="list-badges">
              {BADGE_FIELDS.filter((key) => item[key] !== undefined && item[key] !== null).map((key) => (
                <Badge key={key} tone={badgeTone(item[key])}>
                  {typeof item[key] === "boolean"
                    ? item[key]
                      ? "available"
                      : "not configured"
                    : valueInWords(String(item[key]), key)}
                </Badge>
              ))}
            </span>
          </li>
        );
      })}
    </ul>
  );
}

function badgeTone(value: unknown): string | undefined {
  if (value === true || value === "active" || value === "connected" || value === "approved") return "pass";
  if (value === false || value === "closed" || value === "error" || value === "disconnected") return "fail";
  if (value === "pending_setup" || value === "proposed" || value === "expired") return "warn";
  return undefined;
}

// fields whose values are machine words: said through the one vocabulary (an activity entry's door)
const WORDED_FIELDS = new Set(["door", "outcome"]);

/** One detail of a row as "Label: value"; a capability id (an entry without a summary) in words too. */
function detailInWords(key: string, value: unknown): string {
  if (key === "capabilityId" && typeof value === "string") return `Command: ${valueInWords(value.replace(/\./g, " "))}`;
  if (WORDED_FIELDS.has(key) && typeof value === "string") return `${labelOf(key)}: ${valueInWords(value, key)}`;
  return `${labelOf(key)}: ${formatScalar(value)}`;
}
