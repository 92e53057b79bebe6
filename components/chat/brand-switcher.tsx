"use client";
// The brands this person can use (brands.list, run directly), remembered in this browser.
import { useEffect, useState } from "react";
import { runCapability } from "@/components/widgets/run";
import { errorSentences } from "@/components/widgets/error-text";
import { okData, type Answer } from "@/components/widgets/types";
import type { Role } from "@/lib/contract/roles";

const STORAGE_KEY = "brand-operations.brand";

/** Opens the assistant on this brand next time (the accept page, once someone joined it). */
export function rememberBrand(shortId: string): void {
  window.localStorage.setItem(STORAGE_KEY, shortId);
}

/** `onRole`: the person's role in the brand on screen (null for staff, who act as admins), for may.tsx. */
export function BrandSwitcher({
  brand,
  onChange,
  onRole,
}: {
  brand: string | null;
  onChange: (brand: string) => void;
  onRole?: (role: Role | null) => void;
}) {
  const [envelope, setEnvelope] = useState<Answer<"brands.list"> | null>(null);
  useEffect(() => {
    void runCapability("brands.list", undefined, { limit: 50 }).then(setEnvelope);
  }, []);
  const brands = okData(envelope)?.items;

  // the last brand used here, else the first one
  useEffect(() => {
    if (!brands || brands.length === 0 || brand) return;
    const remembered = window.localStorage.getItem(STORAGE_KEY);
    onChange(brands.find((item) => item.shortId === remembered)?.shortId ?? brands[0]!.shortId);
  }, [brands, brand, onChange]);

  const role = brands?.find((item) => item.shortId === brand)?.role ?? null;
  useEffect(() => onRole?.(role), [role, onRole]);

  if (envelope?.status === "error") return <span className="topbar-problem">{errorSentences(envelope.error)[0]}</span>;
  if (brands && brands.length === 0)
    return <span className="topbar-problem">You are not a member of any brand yet.</span>;
  return (
    <label className="brand-switcher">
      <span className="visually-hidden">Brand</span>
      <select
        data-testid="brand-switcher"
        value={brand ?? ""}
        disabled={!brands}
        onChange={(event) => {
          window.localStorage.setItem(STORAGE_KEY, event.target.value);
          onChange(event.target.value);
        }}
      >
        {!brands && <option value="">Loading brands…</option>}
        {brands?.map((item) => (
          <option key={item.shortId} value={item.shortId}>
            {item.name} ({item.shortId}){item.role ? ` · ${item.role}` : ""}
            {item.status !== "active" ? ` · ${item.status}` : ""}
          </option>
        ))}
      </select>
    </label>
  );
}
