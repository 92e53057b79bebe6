"use client";
// The chat's header. On a desktop: name, brand, links, person and Sign out in one row. On a phone
// the conversation needs the height, so the header is one short row: the conversations drawer, the
// brand switcher (what a person changes most) and a Menu that holds the rest.
import { useEffect, useRef, useState } from "react";
import { SignOutButton } from "@/components/ui/sign-out-button";
import type { Role } from "@/lib/contract/roles";
import { BrandSwitcher } from "./brand-switcher";

type Props = {
  user: { name: string; email: string };
  brand: string | null;
  onBrand: (brand: string) => void;
  onRole: (role: Role | null) => void;
  /** whether the person may open Activity in this brand (offered only then) */
  activity: boolean;
  drawerOpen: boolean;
  onToggleDrawer: () => void;
};

export function ChatHeader({ user, brand, onBrand, onRole, activity, drawerOpen, onToggleDrawer }: Props) {
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
      <span className="brand-mark">Brand Operations</span>
      <button
        type="button"
        className="button small drawer-toggle"
        data-testid="conversations-toggle"
        aria-expanded={drawerOpen}
        aria-label="Conversations"
        title="Conversations"
        onClick={onToggleDrawer}
      >
        <svg width="18" height="18" viewBox="0 0 18 18" aria-hidden="true">
          <path d="M2 4h14M2 9h14M2 14h14" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
        </svg>
      </button>
      <BrandSwitcher brand={brand} onChange={onBrand} onRole={onRole} />
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
          {activity && <a href="/activity">Activity</a>}
          <a href="/settings">Security and access</a>
          <a href="/settings/people">People</a>
          <span className="muted topbar-person" title={user.email}>
            {user.name}
          </span>
          <SignOutButton />
        </nav>
      </div>
    </header>
  );
}
