"use client";
// The card every widget sits in: its test id, the capability's title, and the error (if any) in place
// of the body, so a failure always shows inside the widget that asked.
import type { ReactNode } from "react";
import { useCapability } from "./catalogue";
import type { EnvelopeError, WidgetName } from "./types";
import { WidgetError } from "./widget-error";

type Props = {
  name: WidgetName;
  capabilityId: string;
  error?: EnvelopeError;
  /** shown at the right of the title: a count, a status */
  aside?: ReactNode;
  children?: ReactNode;
};

export function WidgetFrame({ name, capabilityId, error, aside, children }: Props) {
  const title = useCapability(capabilityId)?.title ?? capabilityId;
  return (
    <section className={`widget widget-${name}`} data-testid={`widget-${name}`} data-capability={capabilityId}>
      <header className="widget-head">
        <span className="widget-title">{title}</span>
        {aside && <span className="widget-aside">{aside}</span>}
      </header>
      <div className="widget-body">{error ? <WidgetError error={error} /> : children}</div>
    </section>
  );
}

export function Badge({ tone, children }: { tone?: string; children: ReactNode }) {
  return <span className={`badge${tone ? ` badge-${tone}` : ""}`}>{children}</span>;
}

export function Empty({ children }: { children: ReactNode }) {
  return <p className="widget-empty">{children}</p>;
}

/** "1 file", "3 files" */
export function count(n: number, noun: string, more = false): string {
  return `${n}${more ? "+" : ""} ${noun}${n === 1 && !more ? "" : "s"}`;
}
