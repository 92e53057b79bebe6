"use client";
// Settings wears the app's one header (brand switcher, Menu, the way back to the assistant): the
// brand chosen here is the one the assistant opens on next, and Activity is offered by the role in it.
import { useState } from "react";
import { AppHeader, type Page } from "@/components/ui/app-header";
import { roleAllows } from "@/components/widgets/may";
import type { Role } from "@/lib/contract/roles";

export function SettingsHeader({
  page = "settings",
  user,
  activityMinRole,
}: {
  page?: Page;
  user: { name: string; email: string };
  activityMinRole: Role;
}) {
  const [brand, setBrand] = useState<string | null>(null);
  const [role, setRole] = useState<Role | null | undefined>(undefined);
  return (
    <AppHeader
      page={page}
      user={user}
      brand={brand}
      onBrand={setBrand}
      onRole={setRole}
      activity={role !== undefined && roleAllows(role, activityMinRole)}
    />
  );
}
