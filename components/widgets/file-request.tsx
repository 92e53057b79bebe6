"use client";
// library.upload.create in three visible steps: pick a file, send its bytes to the signed URL with
// a progress bar (one XHR PUT: fetch reports no upload progress), then the complete step, which
// checks the stored bytes and registers the file as proposed. The person picks a category first
// ("logo" puts an approved file among the kit's logos) and may cancel while the bytes go. In a
// conversation the start and the completion are its steps, shown by this card: a reload finds it
// done, or says the upload did not finish. The file's status is read, never assumed (truth.tsx).
import { useRef, useState } from "react";
import { Badge, WidgetFrame } from "./frame";
import { ReviewWidget } from "./review";
import { useWidgetCalls } from "./calls";
import { useCardSteps, type Step } from "./card";
import { useAsset } from "./asset-preview";
import { errorOf, okData, okDataOf, type EnvelopeError, type WidgetProps } from "./types";
import { WidgetError } from "./widget-error";
import { bytes } from "./record";

type Phase =
  | { step: "pick" }
  | { step: "sending"; name: string; sent: number; total: number }
  | { step: "completing"; name: string }
  | { step: "done"; name: string; assetId: string }
  | { step: "failed"; error: EnvelopeError }
  | { step: "cancelled"; name: string };

/** categories offered (the library takes any word); "logo" is what the kit's logos are read from */
const CATEGORIES = ["logo", "photo", "illustration", "document", "font", "video", "audio"];
const CANCELLED = "cancelled";

export function FileRequestWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const { act } = useWidgetCalls();
  const steps = useCardSteps().filter((step) => step.capabilityId === capabilityId && step.envelope.status === "ok");
  const started = steps.findLast((step) => step.input.step === "start");
  // the latest start taken in this card counts over the card's own call
  const given = okDataOf(started?.envelope ?? envelope, "library.upload.create");
  const declared = started?.input ?? input;
  const [phase, setPhase] = useState<Phase>(() => phaseOf(envelope, input, steps));
  const [reviewing, setReviewing] = useState(false);
  const { asset } = useAsset(brand, phase.step === "done" ? phase.assetId : undefined);
  const [category, setCategory] = useState(typeof input.category === "string" ? input.category : "");
  const sending = useRef<XMLHttpRequest | null>(null);

  async function upload(file: File) {
    const mimeType = file.type || "application/octet-stream";
    // the URL the call already made is used when it was declared for exactly this file
    const declaredForThis = given?.uploadUrl && declared.sizeBytes === file.size && declared.mimeType === mimeType;
    let target = declaredForThis ? { uploadId: given.uploadId, uploadUrl: given.uploadUrl! } : undefined;
    if (!target) {
      const { envelope: start } = await act("library.upload.create", brand, {
        step: "start",
        fileName: file.name,
        mimeType,
        sizeBytes: file.size,
        ...(category ? { category } : {}),
      });
      const started = okData(start);
      if (!started?.uploadUrl)
        return setPhase({ step: "failed", error: errorOf(start) ?? unavailable("No upload address was given") });
      target = { uploadId: started.uploadId, uploadUrl: started.uploadUrl };
    }
    setPhase({ step: "sending", name: file.name, sent: 0, total: file.size });
    const sent = await put(
      target.uploadUrl,
      file,
      mimeType,
      (loaded) => setPhase({ step: "sending", name: file.name, sent: loaded, total: file.size }),
      sending,
    );
    if (sent === CANCELLED) return setPhase({ step: "cancelled", name: file.name });
    if (sent) return setPhase({ step: "failed", error: sent });
    setPhase({ step: "completing", name: file.name });
    const { envelope: complete } = await act("library.upload.create", brand, {
      step: "complete",
      uploadId: target.uploadId,
    });
    const registered = okData(complete);
    if (!registered?.assetId)
      return setPhase({ step: "failed", error: errorOf(complete) ?? unavailable("The file was not registered") });
    setPhase({ step: "done", name: file.name, assetId: registered.assetId });
  }

  // the review opens as the conversation's next step, or here where there is no conversation
  async function review(assetId: string) {
    const { kept } = await act("library.asset.get", brand, { assetId }, { widget: "review" });
    if (!kept) setReviewing(true);
  }

  const percent =
    phase.step === "sending" && phase.total > 0
      ? Math.round((phase.sent / phase.total) * 100)
      : phase.step === "sending" || phase.step === "completing" || phase.step === "done"
        ? 100
        : 0;
  return (
    <WidgetFrame
      name="file_request"
      capabilityId={capabilityId}
      error={errorOf(envelope)}
      aside={phase.step === "done" ? <Badge tone="pass">uploaded</Badge> : undefined}
    >
      {(phase.step === "pick" || phase.step === "failed" || phase.step === "cancelled") && (
        <div className="file-pick">
          <label>
            <span>Category</span>
            <select data-testid="file-category" value={category} onChange={(event) => setCategory(event.target.value)}>
              <option value="">None</option>
              {[...new Set([...CATEGORIES, ...(category ? [category] : [])])].map((name) => (
                <option key={name} value={name}>
                  {name === "logo" ? "logo (shown among the kit's logos once approved)" : name}
                </option>
              ))}
            </select>
          </label>
          <label>
            <span>Choose a file to add to the library</span>
            <input
              type="file"
              data-testid="file-input"
              onChange={(event) => event.target.files?.[0] && void upload(event.target.files[0])}
            />
          </label>
        </div>
      )}
      {phase.step === "cancelled" && (
        <p className="muted" role="status" data-testid="upload-cancelled">
          The upload of {phase.name} was cancelled; nothing was added to the library.
        </p>
      )}
      {phase.step === "failed" && <WidgetError error={phase.error} />}
      {(phase.step === "sending" || phase.step === "completing") && (
        <div className="upload-progress">
          <p>
            {phase.step === "sending"
              ? `Uploading ${phase.name}: ${bytes(phase.sent)} of ${bytes(phase.total)}`
              : `Checking ${phase.name}…`}
          </p>
          <progress data-testid="upload-progress" max={100} value={percent}>
            {percent}%
          </progress>
          {phase.step === "sending" && (
            <button
              type="button"
              className="button small"
              data-testid="upload-cancel"
              onClick={() => sending.current?.abort()}
            >
              Cancel
            </button>
          )}
        </div>
      )}
      {phase.step === "done" && (
        <div className="upload-done" data-testid="upload-done">
          <progress max={100} value={100} />
          <p>
            {phase.name} is in the library as <strong data-testid="upload-status">{asset?.status ?? "proposed"}</strong>
            {(asset?.status ?? "proposed") === "proposed" ? ": an admin approves it before agents can use it." : "."}
          </p>
          {!reviewing && (asset?.status ?? "proposed") === "proposed" && (
            <button type="button" className="button small" onClick={() => void review(phase.assetId)}>
              Review it now
            </button>
          )}
        </div>
      )}
      {phase.step === "done" && reviewing && (
        <ReviewWidget
          capabilityId="library.asset.review"
          input={{ assetId: phase.assetId }}
          envelope={null}
          brand={brand}
        />
      )}
    </WidgetFrame>
  );
}

/** Where the card stands when it is shown: done, an upload started and not finished, or nothing yet. */
function phaseOf(envelope: WidgetProps["envelope"], input: Record<string, unknown>, steps: Step[]): Phase {
  const done = steps.findLast(
    (step) => step.input.step === "complete" && okDataOf(step.envelope, "library.upload.create")?.assetId,
  );
  const name = steps.findLast((step) => typeof step.input.fileName === "string")?.input.fileName ?? input.fileName;
  const assetId = okDataOf(done?.envelope ?? envelope, "library.upload.create")?.assetId;
  if (assetId) return { step: "done", name: typeof name === "string" ? name : "The file", assetId };
  const started = steps.findLast((step) => step.input.step === "start");
  if (started)
    return {
      step: "failed",
      error: unavailable(`The upload of ${String(started.input.fileName)} did not finish; choose the file again`),
    };
  return { step: "pick" };
}

function unavailable(message: string): EnvelopeError {
  return { code: "unavailable", message } as EnvelopeError;
}

/**
 * One PUT of the bytes; resolves with an error to show, null when the storage took them, or
 * CANCELLED when the person stopped it (the unfinished upload expires and is swept by the server).
 */
function put(
  url: string,
  file: File,
  mimeType: string,
  onProgress: (loaded: number) => void,
  holder: { current: XMLHttpRequest | null },
): Promise<EnvelopeError | null | typeof CANCELLED> {
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    holder.current = xhr;
    xhr.onabort = () => resolve(CANCELLED);
    xhr.open("PUT", url);
    xhr.setRequestHeader("Content-Type", mimeType);
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onload = () => {
      if (xhr.status >= 200 && xhr.status < 300) return resolve(null);
      let error: EnvelopeError | undefined;
      try {
        error = (JSON.parse(xhr.responseText) as { error?: EnvelopeError }).error;
      } catch {
        /* S3 answers XML */
      }
      resolve(error ?? unavailable(`The storage refused the file (HTTP ${xhr.status})`));
    };
    xhr.onerror = () => resolve(unavailable("The upload was interrupted"));
    xhr.send(file);
  });
}
