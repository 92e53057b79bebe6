"use client";
// A file's preview from its signed URL (library.asset.get through the run route): the image itself,
// or a tile naming the file type for anything that is not an image.
import { useCallback, useEffect, useState } from "react";
import { useWidgetCalls } from "./calls";
import { useTouches } from "./truth";
import { okData, type Answer } from "./types";
import { typeInWords } from "@/lib/storage/type-words";

/** library.asset.get for one file, read again whenever a write touched it (truth.tsx); `reload` reads it again now. */
export function useAsset(brand: string, assetId: string | undefined, enabled = true) {
  const { run } = useWidgetCalls();
  const { version } = useTouches(assetId ? [assetId] : []);
  const [envelope, setEnvelope] = useState<Answer<"library.asset.get"> | null>(null);
  const load = useCallback(() => {
    if (assetId) void run("library.asset.get", brand, { assetId }).then(setEnvelope);
  }, [brand, assetId]);
  useEffect(() => {
    if (enabled) load();
  }, [enabled, load, version]);
  return { envelope, asset: okData(envelope), reload: load };
}

export function AssetThumb({ name, mimeType, url }: { name: string; mimeType: string; url?: string }) {
  if (url && mimeType.startsWith("image/")) return <img className="thumb" src={url} alt={name} loading="lazy" />;
  const kind =
    mimeType
      .split("/")[1]
      ?.split(/[.+;-]/)[0]
      ?.toUpperCase() || "FILE";
  return (
    <div className="thumb thumb-file" role="img" aria-label={`${name} (${typeInWords(mimeType)})`}>
      {kind}
    </div>
  );
}
