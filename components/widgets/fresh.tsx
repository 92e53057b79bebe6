"use client";
// A read's card that stays true: it reads again, with the same input, after every write that touched
// a record (truth.tsx) and, when it was read back from storage (a reload, an earlier visit), before
// it offers anything: meanwhile its buttons are disabled. When the record is gone or can no longer
// be read, the card keeps what it showed, says so, and offers nothing.
import { useEffect, useMemo, useState } from "react";
import { useWidgetCalls } from "./calls";
import { idsShown, useAnyTouch, useTouches } from "./truth";
import { Widget } from "./registry";
import { okData, type ToolEnvelope, type WidgetProps } from "./types";

type Props = WidgetProps & { widget: string | null | undefined; read: boolean; stored: boolean };

export function FreshWidget({ read, stored, ...props }: Props) {
  const { run } = useWidgetCalls();
  const { capabilityId, input, envelope, brand } = props;
  const shown = okData(envelope);
  const ids = useMemo(() => idsShown(input, shown), [input, shown]);
  // removed: a record it shows was removed by a write (then a failed read says "Removed since")
  const { removed } = useTouches(ids);
  const version = useAnyTouch();
  // the touches before it was shown are in what it shows already
  const [shownAt] = useState(version);
  const rereads = read && envelope?.status === "ok";
  const [fresh, setFresh] = useState<ToolEnvelope | null>(null);
  const [checking, setChecking] = useState(rereads && stored);
  useEffect(() => {
    if (!rereads || (version === shownAt && !stored)) return;
    let current = true;
    setChecking(true);
    void run(capabilityId, brand, input).then((answer) => {
      if (!current) return;
      setFresh(answer);
      setChecking(false);
    });
    return () => {
      current = false;
    };
    // read again on a touch of what it shows, not on each render's new input object
  }, [rereads, stored, version, shownAt, capabilityId, brand, run, JSON.stringify(input)]);
  if (!rereads) return <Widget {...props} />;
  const failed = fresh?.status === "error" ? fresh.error : undefined;
  const gone = failed?.code === "not_found" || (removed && failed !== undefined);
  return (
    <div
      className="card-truth"
      data-testid="card-truth"
      data-state={checking ? "checking" : failed ? "out-of-date" : "current"}
    >
      {failed && (
        <p className="notice notice-warn" role="status" data-testid="card-out-of-date">
          {gone
            ? "Removed since: this card shows how it was."
            : `This card may be out of date (${failed.message}); it offers nothing until it can be read again.`}
        </p>
      )}
      {/* nothing is offered from a card that is being checked or could not be */}
      <fieldset disabled={checking || failed !== undefined} style={{ border: 0, padding: 0, margin: 0, minWidth: 0 }}>
        <Widget {...props} envelope={fresh && !failed ? fresh : envelope} />
      </fieldset>
    </div>
  );
}
