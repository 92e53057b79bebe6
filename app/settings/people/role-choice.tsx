"use client";
// The three roles as choices in words: what each lets the person do, never the stored value.
import { ROLES, type Role } from "@/lib/contract/roles";
import { ROLE_WORDS } from "@/lib/team/role-words";

export function RoleChoice({ name, value, onChange }: { name: string; value: Role; onChange: (role: Role) => void }) {
  return (
    <fieldset style={{ border: "none", padding: 0, margin: 0, display: "grid", gap: 6 }}>
      <legend style={{ fontWeight: 500, padding: 0, marginBottom: 4 }}>Role</legend>
      {ROLES.map((role) => (
        <label key={role} style={{ display: "flex", gap: 8, alignItems: "baseline", minHeight: 24, cursor: "pointer" }}>
          <input
            type="radio"
            name={name}
            value={role}
            checked={value === role}
            onChange={() => onChange(role)}
            data-testid={`${name}-${role}`}
          />
          <span>
            <strong>{ROLE_WORDS[role].name}</strong>{" "}
            <span style={{ color: "var(--muted)" }}>{ROLE_WORDS[role].can}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}
