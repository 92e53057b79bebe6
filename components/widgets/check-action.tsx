"use client";
// "Check on brand" under text the assistant drafted and on a file: runs brand.check
// as the signed-in person and shows its findings in place, brought into view with focus on them.
import { useEffect, useRef, useState } from "react";
import { useWidgetCalls } from "./calls";
import { CheckFindings, VerdictBadge } from "./check";
import { useCanRun } from "./may";
import type { Answer } from "./types";
import { WidgetError } from "./widget-error";

/** The types brand.check reads (lib/capabilities/check/shared/image.ts). */
export const CHECKABLE_IMAGES = ["image/png", "image/jpeg", "image/webp", "image/gif"];

type Input = { text: string } | { assetId: string };

export function CheckOnBrand({ brand, input }: { brand: string; input: Input }) {
  const { run } = useWidgetCalls();
  const canRun = useCanRun();
  const [busy, setBusy] = useState(false);
  const [answer, setAnswer] = useState<Answer<"brand.check"> | null>(null);
  const result = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!answer) return;
    result.current?.scrollIntoView({ block: "nearest" });
    result.current?.focus();
  }, [answer]);
  if (!canRun("brand.check")) return null;

  async function check() {
    setBusy(true);
    setAnswer(await run("brand.check", brand, input));
    setBusy(false);
  }

  return (
    <div className="check-action">
      <button type="button" className="button" disabled={busy} onClick={check} data-testid="check-on-brand">
        {busy ? "Checking…" : answer ? "Check again" : "Check on brand"}
      </button>
      {answer && (
        <div ref={result} tabIndex={-1} className="check-result" data-testid="check-result">
          {answer.status === "error" && <WidgetError error={answer.error} />}
          {answer.status === "ok" && (
            <>
              <p>
                <VerdictBadge verdict={answer.data.verdict} />
              </p>
              <CheckFindings check={answer.data} />
            </>
          )}
        </div>
      )}
    </div>
  );
}
