"use client";
// Who spent what of the brand's AI tokens this month (budget.usage), as a bar per person on the
// Activity page: plain HTML bars against the brand's monthly limit, with a mark where one person's
// share ends, and every number in words beside its bar (the bars themselves are decorative).
// Only the brand's admins may read it; for anyone else the section is left out.
import { useEffect, useState } from "react";
import { runCapability } from "@/components/widgets/run";
import type { OutputOf } from "@/components/widgets/types";

type Usage = OutputOf<"budget.usage">;

const tokens = (count: number) => `${count.toLocaleString("en")} tokens`;
const percent = (part: number, whole: number) => (whole > 0 ? Math.min(100, (part / whole) * 100) : 0);
const rounded = (value: number) => `${value < 1 && value > 0 ? "<1" : Math.round(value)}%`;

export function UsageChart({ brand }: { brand: string | null }) {
  const [usage, setUsage] = useState<Usage | null>(null);

  useEffect(() => {
    let current = true;
    setUsage(null);
    if (!brand) return;
    void runCapability("budget.usage", brand, {}).then((envelope) => {
      if (current && envelope.status === "ok") setUsage(envelope.data);
    });
    return () => {
      current = false;
    };
  }, [brand]);

  if (!usage) return null;
  const shareMark = percent(usage.personLimit, usage.limit);
  return (
    <section className="usage-chart" aria-labelledby="usage-title" data-testid="usage-chart">
      <h2 id="usage-title" className="usage-title">
        AI tokens in {usage.month}
      </h2>
      <p className="muted usage-lead">
        {tokens(usage.spent)} of {tokens(usage.limit)} used ({rounded(percent(usage.spent, usage.limit))}). One person
        may use up to {tokens(usage.personLimit)} (the dashed line); past it their assistant and voice pause while the
        others go on.
      </p>
      {usage.people.length === 0 ? (
        <p className="muted" data-testid="usage-empty">
          Nobody has used the assistant or voice this month.
        </p>
      ) : (
        <ul className="usage-bars">
          {usage.people.map((person) => {
            const width = percent(person.spent, usage.limit);
            const over = person.spent >= usage.personLimit;
            return (
              <li key={person.userId} className="usage-row" data-testid="usage-row">
                <span className="usage-name" title={person.email}>
                  {person.name}
                </span>
                <span className="usage-track" aria-hidden="true">
                  <span className={`usage-bar${over ? " usage-bar-over" : ""}`} style={{ width: `${width}%` }} />
                  <span className="usage-share-mark" style={{ left: `${shareMark}%` }} />
                </span>
                <span className="usage-figures">
                  {tokens(person.spent)} · {rounded(person.share * 100)} of the month
                  {person.sessions > 0 ? ` · ${person.sessions} voice session${person.sessions === 1 ? "" : "s"}` : ""}
                  {over ? " · share used up" : ""}
                </span>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );
}
