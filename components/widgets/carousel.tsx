"use client";
// library.search results as cards: a thumbnail from each image's signed URL, the name, the status.
// Each card opens the file's details in place (library.asset.get: preview and Download); a proposed
// file can be reviewed in place.
import { useState } from "react";
import { RecordWidget } from "./record";
import { useWidgetCalls } from "./calls";
import { NextPage, usePages } from "./pages";
import { AssetThumb, useAsset } from "./asset-preview";
import { Badge, count, Empty, WidgetFrame } from "./frame";
import { ReviewWidget } from "./review";
import { useCanRun } from "./may";
import { errorOf, okDataOf, type OutputOf, type ToolEnvelope, type WidgetProps } from "./types";

type AssetSummary = OutputOf<"library.search">["items"][number];

const STATUS_TONE = { proposed: "warn", approved: "pass", archived: "muted" } as const;

export function CarouselWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const { act } = useWidgetCalls();
  const data = okDataOf(envelope, "library.search");
  const pages = usePages({ capabilityId, input, envelope, brand }, (answer) => okDataOf(answer, "library.search"));
  const [reviewing, setReviewing] = useState<string | null>(null);
  const [details, setDetails] = useState<{ id: string; envelope: ToolEnvelope } | null>(null);
  // Review opens the file's review card: in a conversation its next step, elsewhere in place
  async function review(id: string) {
    const { kept } = await act("library.asset.get", brand, { assetId: id }, { widget: "review" });
    if (!kept) setReviewing(id);
  }
  // Details too: the file's card, as the conversation's next step, or here (toggled) elsewhere
  async function showDetails(id: string) {
    if (details?.id === id) return setDetails(null);
    const { envelope: read, kept } = await act("library.asset.get", brand, { assetId: id });
    if (!kept) setDetails({ id, envelope: read });
  }
  return (
    <WidgetFrame
      name="carousel"
      capabilityId={capabilityId}
      error={errorOf(envelope)}
      aside={data ? count(pages.items.length, "file", Boolean(pages.nextCursor)) : undefined}
    >
      {data?.items.length === 0 && (
        <Empty>No files match. Admins can add one: type / and choose “Upload a file”.</Empty>
      )}
      {pages.items.length > 0 && (
        <ul className="carousel">
          {pages.items.map((item) => (
            <Card
              key={item.id}
              item={item}
              brand={brand}
              open={details?.id === item.id}
              onDetails={() => void showDetails(item.id)}
              onReview={() => void review(item.id)}
            />
          ))}
        </ul>
      )}
      <NextPage pages={pages} />
      {details && (
        <RecordWidget
          capabilityId="library.asset.get"
          input={{ assetId: details.id }}
          envelope={details.envelope}
          brand={brand}
        />
      )}
      {reviewing && (
        <ReviewWidget
          capabilityId="library.asset.review"
          input={{ assetId: reviewing }}
          envelope={null}
          brand={brand}
        />
      )}
    </WidgetFrame>
  );
}

function Card({
  item,
  brand,
  open,
  onDetails,
  onReview,
}: {
  item: AssetSummary;
  brand: string;
  open: boolean;
  onDetails: () => void;
  onReview: () => void;
}) {
  // only images need their signed URL here; other files show their type
  const { asset } = useAsset(brand, item.id, item.mimeType.startsWith("image/"));
  const mayReview = useCanRun()("library.asset.review");
  return (
    <li className="carousel-card" data-testid={`asset-${item.id}`}>
      <AssetThumb name={item.name} mimeType={item.mimeType} url={asset?.url} />
      <div className="carousel-meta">
        <span className="carousel-name" title={item.name}>
          {item.name}
        </span>
        <span className="carousel-line">
          <Badge tone={STATUS_TONE[item.status]}>{item.status}</Badge>
          {item.category && <span className="muted">{item.category}</span>}
        </span>
        <span className="carousel-actions">
          <button
            type="button"
            className="button small"
            data-testid="asset-details"
            aria-expanded={open}
            onClick={onDetails}
          >
            {open ? "Hide details" : "Details"}
          </button>
          {mayReview && item.status === "proposed" && (
            <button type="button" className="button small" onClick={onReview}>
              Review
            </button>
          )}
        </span>
      </div>
    </li>
  );
}
