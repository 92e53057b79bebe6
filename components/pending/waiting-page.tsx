"use client";
// The "Waiting for you" page: each write waiting for the person as the confirm card (what will
// change, which key or app asked, when, in which brand), Confirm or Decline with an optional note;
// a decided card shows what became of it. When the page comes back into view it reads the list
// again and adds what was parked since; cards already shown stay until the page is opened anew.
import { useCallback, useEffect, useState } from "react";
import { AppHeader } from "@/components/ui/app-header";
import { roleAllows } from "@/components/widgets/may";
import type { CatalogueEntry } from "@/components/widgets/types";
import type { Role } from "@/lib/contract/roles";
import type { WaitingCall } from "@/lib/pending/waiting";
import { dateInWords } from "@/lib/words/date-words";
import { ConfirmCard } from "./confirm-card";

type Waiting = { count: number; items: WaitingCall[] };

export function WaitingPage({
  user,
  catalogue,
  waiting,
  activityMinRole,
}: {
  user: { name: string; email: string };
  catalogue: CatalogueEntry[];
  waiting: Waiting;
  activityMinRole: Role;
}) {
  const [brand, setBrand] = useState<string | null>(null);
  const [role, setRole] = useState<Role | null | undefined>(undefined);
  const [items, setItems] = useState(waiting.items);
  const [count, setCount] = useState(waiting.count);

  const readAgain = useCallback(async () => {
    if (document.visibilityState !== "visible") return;
    try {
      const response = await fetch("/api/waiting", { cache: "no-store" });
      if (!response.ok) return;
      const fresh = (await response.json()) as Waiting;
      setItems((shown) => merged(shown, fresh.items));
      setCount(fresh.count);
    } catch {
      // the cards shown stay; the next look tries again
    }
  }, []);
  useEffect(() => {
    document.addEventListener("visibilitychange", readAgain);
    return () => document.removeEventListener("visibilitychange", readAgain);
  }, [readAgain]);

  return (
    <div className="app waiting-app">
      <AppHeader
        page="waiting"
        user={user}
        brand={brand}
        onBrand={setBrand}
        onRole={setRole}
        activity={role !== undefined && roleAllows(role, activityMinRole)}
      />
      <main className="conversation-scroll">
        <div className="conversation waiting">
          <h1 className="activity-title">Waiting for you</h1>
          <p className="muted activity-lead">
            Changes your API keys and connected apps asked to make, in every brand, waiting for you to confirm. Nothing
            is written unless you confirm it here; a change nobody confirms is dropped when its time runs out.
          </p>
          {items.length === 0 ? (
            <p className="notice" data-testid="waiting-empty">
              Nothing is waiting for you. When a key or app of yours that you set to ask you first wants to change
              something, it appears here.
            </p>
          ) : (
            <ol className="waiting-list" aria-label="Changes waiting for you" data-testid="waiting-list">
              {items.map((item) => (
                <li key={item.id} className="waiting-item" data-testid="waiting-item" data-pending-id={item.id}>
                  <p className="waiting-meta" data-testid="waiting-meta">
                    In <strong>{item.brand.name}</strong>, asked by {item.askedBy} on {dateInWords(item.createdAt)}
                  </p>
                  <ConfirmCard
                    pendingId={item.id}
                    capabilityId={item.capabilityId}
                    catalogue={catalogue}
                    brand={item.brand.shortId}
                    input={item.input}
                    envelope={{
                      status: "awaiting_confirmation",
                      capabilityId: item.capabilityId,
                      pendingId: item.id,
                      summary: item.summary,
                      expiresAt: item.expiresAt,
                    }}
                    askedBy={item.askedBy}
                  />
                </li>
              ))}
            </ol>
          )}
          {count > items.length && (
            <p className="muted" data-testid="waiting-more">
              {count - items.length} more wait behind these; decide these first, then open this page again.
            </p>
          )}
        </div>
      </main>
    </div>
  );
}

/** The cards shown, with any parked since added in their place: newest first. */
function merged(shown: WaitingCall[], fresh: WaitingCall[]): WaitingCall[] {
  const known = new Set(shown.map((item) => item.id));
  const added = fresh.filter((item) => !known.has(item.id));
  if (added.length === 0) return shown;
  return [...added, ...shown].sort((a, b) => b.createdAt.localeCompare(a.createdAt));
}
