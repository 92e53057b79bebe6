"use client";
// The brands this person can use (brands.list, run directly), remembered in this browser.
import { useEffect, useState } from "react";
import { runCapability } from "@/components/widgets/run";
import { errorSentences } from "@/components/widgets/error-text";
import { okData, type Answer } from "@/components/widgets/types";
import type { Role } from "@/lib/contract/roles";
import { ROLE_WORDS, roleName } from "@/lib/team/role-words";

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

  // told only once the brand on screen is known: until then a page offers nothing that hangs on the
  // role (a viewer must not see Activity for the moment the list takes to arrive)
  const known = brands?.find((item) => item.shortId === brand);
  const role = known ? (known.role ?? null) : undefined;
  useEffect(() => {
    if (role !== undefined) onRole?.(role);
  }, [role, onRole]);

  if (envelope?.status === "error") return <span className="topbar-problem">{errorSentences(envelope.error)[0]}</span>;
  if (brands && brands.length === 0)
    return <span className="topbar-problem">You are not a member of any brand yet.</span>;
  const current = brands?.find((item) => item.shortId === brand);
  // what the person sees: the brand's name and their role in words, two lines at most (the phone's
  // header is one short row), then an ellipsis after a whole word; the whole of it is the title and
  // the picker's option. The select is laid over it, transparent: a tap opens the phone's own picker.
  return (
    <label className="brand-switcher" data-testid="brand-switcher-label">
      <span className="visually-hidden">Brand</span>
      <span
        className="brand-switcher-shown"
        aria-hidden="true"
        data-whole-text-in-title=""
        title={current ? `${current.name} · ${shortRole(current.role, current.status)}` : undefined}
      >
        <span className="brand-switcher-name" data-testid="brand-switcher-name">
          {current?.name ?? (brands ? "Choose a brand" : "Loading brands…")}
        </span>
        {current && (
          <>
            {" · "}
            <span className="brand-switcher-role" data-testid="brand-switcher-role">
              {shortRole(current.role, current.status)}
            </span>
          </>
        )}
      </span>
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
            {item.name} · {whoYouAre(item.role, item.status)}
          </option>
        ))}
      </select>
    </label>
  );
}

/** "You are an admin", "You are staff" (staff have no membership and act as admins), "· archived" when not active. */
function whoYouAre(role: string | null | undefined, status: string): string {
  const words = role ? `You are ${ROLE_WORDS[role as Role]?.article ?? role}` : "You are staff";
  return status === "active" ? words : `${words} · ${status}`;
}

/** "Admin", "Staff", "Member · archived": the header's short form of the same words. */
function shortRole(role: string | null | undefined, status: string): string {
  const words = role ? roleName(role) : "Staff";
  return status === "active" ? words : `${words} · ${status}`;
}
