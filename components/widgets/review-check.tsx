"use client";
// The review card's check: before an admin approves a proposed image, brand.check reads
// it against the kit and its findings are shown on the card, so nobody approves an off-brand file
// without seeing why.
import { useEffect, useRef, useState } from "react";
import { useWidgetCalls } from "./calls";
import { CheckFindings, VerdictBadge } from "./check";
import { CHECKABLE_IMAGES } from "./check-action";
import type { Answer } from "./types";
import { WidgetError } from "./widget-error";

export function ReviewCheck({ brand, assetId, mimeType }: { brand: string; assetId: string; mimeType: string }) {
  // the calls' context may hand out new functions each render: the check runs once per file
  const calls = useRef(useWidgetCalls());
  const [answer, setAnswer] = useState<Answer<"brand.check"> | null>(null);
  const checkable = CHECKABLE_IMAGES.includes(mimeType.toLowerCase());
  useEffect(() => {
    if (!checkable) return;
    let live = true;
    calls.current.run("brand.check", brand, { assetId }).then((result) => live && setAnswer(result));
    return () => {
      live = false;
    };
  }, [brand, assetId, checkable]);
  if (!checkable) return null;
  return (
    <div className="review-check" data-testid="review-check">
      <h4 className="list-subhead">
        Against the brand {answer?.status === "ok" && <VerdictBadge verdict={answer.data.verdict} />}
      </h4>
      {!answer && <p className="muted">Checking the file against the kit…</p>}
      {answer?.status === "error" && <WidgetError error={answer.error} />}
      {answer?.status === "ok" && <CheckFindings check={answer.data} />}
    </div>
  );
}
