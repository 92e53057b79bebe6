"use client";
// A proposed file: its preview, and Approve / Archive. The decision runs library.asset.review, which
// needs the person's confirmation: in a conversation the confirm card is the next step of it (and
// this card's buttons wait for it); elsewhere it appears in place before anything changes. The
// file's status is read, and read again when a write touches it (truth.tsx).
import { useState } from "react";
import { AssetThumb, useAsset } from "./asset-preview";
import { Badge, WidgetFrame } from "./frame";
import { ConfirmWidget } from "./confirm";
import { useWidgetCalls } from "./calls";
import { awaiting, useCardSteps } from "./card";
import { errorOf, okDataOf, type OutputOf, type ToolEnvelope, type WidgetProps } from "./types";
import { WidgetError } from "./widget-error";
import { bytes } from "./record";
import { ReviewCheck } from "./review-check";
import { useCanRun } from "./may";
import { capitalized, typeInWords } from "@/lib/storage/type-words";

// what the review's own card says of the file as it is now: an undo may have put it back to proposed
const REVIEWED_WORDS: Record<OutputOf<"library.asset.get">["status"], string> = {
  approved: "Approved: agents may use and publish it.",
  archived: "Archived: set aside.",
  proposed: "Proposed again: this review was undone. Approve or archive it from the library.",
};

export function ReviewWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const { act } = useWidgetCalls();
  const steps = useCardSteps();
  const assetId = typeof input.assetId === "string" ? input.assetId : okDataOf(envelope, "library.asset.review")?.id;
  const { envelope: loaded, asset, reload } = useAsset(brand, assetId);
  const [decision, setDecision] = useState<{ kind: string; envelope: ToolEnvelope } | null>(null);
  const [busy, setBusy] = useState(false);

  async function review(kind: "approve" | "archive") {
    if (!assetId) return;
    setBusy(true);
    const { envelope: result, kept } = await act("library.asset.review", brand, { assetId, decision: kind });
    setBusy(false);
    if (!kept) setDecision({ kind, envelope: result });
  }

  // this card is the review's own result (not a file opened for review from a search)
  const reviewed = envelope?.status === "ok" && capabilityId === "library.asset.review";
  const waiting = awaiting(steps, (step) => step.capabilityId === "library.asset.review");
  // Approve and Archive are an admin's: others see the file and its status only
  const mayReview = useCanRun()("library.asset.review");
  return (
    <WidgetFrame
      name="review"
      capabilityId="library.asset.review"
      error={errorOf(envelope)}
      aside={
        asset ? (
          <Badge tone={asset.status === "approved" ? "pass" : asset.status === "proposed" ? "warn" : "muted"}>
            {asset.status}
          </Badge>
        ) : undefined
      }
    >
      {errorOf(loaded) && <WidgetError error={errorOf(loaded)!} />}
      {asset && (
        <div className="review">
          <AssetThumb name={asset.name} mimeType={asset.mimeType} url={asset.url} />
          <div className="review-meta">
            <h3 className="record-name">{asset.name}</h3>
            <p className="muted">
              {capitalized(typeInWords(asset.mimeType))} · {bytes(asset.sizeBytes)}
              {asset.category ? ` · ${asset.category}` : ""}
            </p>
            {!reviewed && asset.status === "proposed" && assetId && (
              <ReviewCheck brand={brand} assetId={assetId} mimeType={asset.mimeType} />
            )}
            {reviewed && <p>{REVIEWED_WORDS[asset.status]}</p>}
            {waiting && asset.status === "proposed" && (
              <p className="muted" data-testid="review-waiting">
                Waiting for your confirmation below.
              </p>
            )}
            {mayReview && !reviewed && asset.status === "proposed" && !decision && !waiting && (
              <div className="confirm-actions">
                <button
                  type="button"
                  className="button primary"
                  disabled={busy}
                  onClick={() => review("approve")}
                  data-testid="review-approve"
                >
                  Approve
                </button>
                <button
                  type="button"
                  className="button"
                  disabled={busy}
                  onClick={() => review("archive")}
                  data-testid="review-archive"
                >
                  Archive
                </button>
              </div>
            )}
          </div>
        </div>
      )}
      {decision?.envelope.status === "error" && <WidgetError error={decision.envelope.error} />}
      {decision && decision.envelope.status !== "error" && (
        <ConfirmWidget
          capabilityId="library.asset.review"
          input={{ assetId, decision: decision.kind }}
          envelope={decision.envelope}
          brand={brand}
          onDecided={reload}
          embedded
        />
      )}
    </WidgetFrame>
  );
}
