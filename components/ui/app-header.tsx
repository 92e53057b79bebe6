"use client";
// The one header of the chat, Activity and Settings: the same brand switcher, the same links in the
// same place. On a desktop: name, brand, links, person and Sign out in one row. On a phone the page
// needs the height, so the header is one short row: the conversations drawer (chat only), the brand
// switcher (what a person changes most) and a Menu that holds the rest, Assistant first off the chat.
// The count of writes waiting for the person's Confirm, a link to them, stays outside the Menu, on
// the phone too; it shows only while something waits, so the links stay as they were.
import { useEffect, useRef, useState } from "react";
import { SignOutButton } from "@/components/ui/sign-out-button";
import type { Role } from "@/lib/contract/roles";
import { BrandSwitcher } from "@/components/chat/brand-switcher";
import { WaitingBadge } from "./waiting-badge";

export type Page = "assistant" | "activity" | "settings" | "people" | "waiting";

type Props = {
  /** the page it heads: its own link is marked current, the others lead away */
  page: Page;
  user: { name: string; email: string };
  brand: string | null;
  onBrand: (brand: string) => void;
  onRole: (role: Role | null) => void;
  /** whether the person may open Activity in this brand (offered only then) */
  activity: boolean;
  /** the conversations drawer's toggle, on the chat only */
  drawer?: { open: boolean; onToggle: () => void };
};

export function AppHeader({ page, user, brand, onBrand, onRole, activity, drawer }: Props) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menu = useRef<HTMLDivElement>(null);
  // a menu closes when the person clicks elsewhere or presses Escape, as menus people know do
  useEffect(() => {
    if (!menuOpen) return;
    const away = (event: PointerEvent) => !menu.current?.contains(event.target as Node) && setMenuOpen(false);
    const closeOnEscape = (event: KeyboardEvent) => event.key === "Escape" && setMenuOpen(false);
    document.addEventListener("pointerdown", away);
    document.addEventListener("keydown", closeOnEscape);
    return () => {
      document.removeEventListener("pointerdown", away);
      document.removeEventListener("keydown", closeOnEscape);
    };
  }, [menuOpen]);

  return (
    <header className="topbar chat-topbar" data-testid="topbar">
      <a className="brand-mark" href="/">
        Brand Operations
      </a>
      {drawer && (
        <button
          type="button"
          className="button small drawer-toggle"
          data-testid="conversations-toggle"
          aria-expanded={drawer.open}
          aria-label="Conversations"
          title="Conversations"
          onClick={drawer.onToggle}
        >
          <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
            <path d="M2 4h14M2 9h14M2 14h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
          </svg>
        </button>
      )}
      <BrandSwitcher brand={brand} onChange={onBrand} onRole={onRole} />
      <WaitingBadge current={page === "waiting"} />
      <div className="topbar-menu" ref={menu}>
        <button
          type="button"
          className="button small menu-toggle"
          data-testid="menu-toggle"
          aria-expanded={menuOpen}
          aria-controls="topbar-nav"
          onClick={() => setMenuOpen((open) => !open)}
        >
          Menu
        </button>
        <nav id="topbar-nav" className={`topbar-nav${menuOpen ? " menu-open" : ""}`} aria-label="Account">
          {page !== "assistant" && (
            <a href="/" data-testid="nav-assistant">
              Assistant
            </a>
          )}
          {activity && (
            <a href="/activity" aria-current={page === "activity" ? "page" : undefined}>
              Activity
            </a>
          )}
          <a href="/settings" aria-current={page === "settings" ? "page" : undefined}>
            Security and access
          </a>
          <a href="/settings/people" aria-current={page === "people" ? "page" : undefined}>
            People
          </a>
          <span className="muted topbar-person" title={user.email} data-testid="signed-in-as">
            {user.name} · {user.email}
          </span>
          <SignOutButton />
        </nav>
      </div>
    </header>
  );
}
