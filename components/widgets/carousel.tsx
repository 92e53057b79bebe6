"use client";
// library.search results as cards: a thumbnail from each image's signed URL, the name, the status.
// A proposed file can be reviewed in place.
import { useState } from "react";
import { AssetThumb, useAsset } from "./asset-preview";
import { Badge, count, Empty, WidgetFrame } from "./frame";
import { ReviewWidget } from "./review";
import { errorOf, okData, type AssetSummary, type WidgetProps } from "./types";

const STATUS_TONE = { proposed: "warn", approved: "pass", archived: "muted" } as const;

export function CarouselWidget({ capabilityId, envelope, brand }: WidgetProps) {
  const data = okData<{ items: AssetSummary[]; nextCursor: string | null }>(envelope);
  const [reviewing, setReviewing] = useState<string | null>(null);
  return (
    <WidgetFrame name="carousel" capabilityId={capabilityId} error={errorOf(envelope)} aside={data ? count(data.items.length, "file", Boolean(data.nextCursor)) : undefined}>
      {data?.items.length === 0 && <Empty>No files match. Admins can add one with the upload command (type /library.upload.create).</Empty>}
      {data && data.items.length > 0 && (
        <ul className="carousel">
          {data.items.map((item) => (
            <Card key={item.id} item={item} brand={brand} onReview={() => setReviewing(item.id)} />
          ))}
        </ul>
      )}
      {reviewing && <ReviewWidget capabilityId="library.asset.review" input={{ assetId: reviewing }} envelope={null} brand={brand} />}
    </WidgetFrame>
  );
}

function Card({ item, brand, onReview }: { item: AssetSummary; brand: string; onReview: () => void }) {
  // only images need their signed URL here; other files show their type
  const { asset } = useAsset(brand, item.id, item.mimeType.startsWith("image/"));
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
        {item.status === "proposed" && (
          <button type="button" className="button small" onClick={onReview}>
            Review
          </button>
        )}
      </div>
    </li>
  );
}
