"use client";
// One person of the team: their role in words, since when and until when; for admins, change the
// role or the end of access, and remove (each confirmed by the admin before it runs).
import { type FormEvent, useEffect, useRef, useState } from "react";
import { Button, Field } from "@/components/ui/form";
import { ctrlEnterSubmits } from "@/components/widgets/next-step";
import type { OutputOf } from "@/components/widgets/types";
import type { Role } from "@/lib/contract/roles";
import { roleName } from "@/lib/team/role-words";
import type { Act } from "../webhooks/use-actions";
import { dayInWords, dayOf, endOfDay, tomorrow } from "./dates";
import { RoleChoice } from "./role-choice";

export type Member = OutputOf<"team.list">["items"][number];

export function MemberItem({
  member,
  admin,
  me,
  busy,
  act,
  onChanged,
}: {
  member: Member;
  admin: boolean;
  me: boolean;
  busy: boolean;
  act: Act;
  onChanged: () => void;
}) {
  const [editing, setEditing] = useState(false);
  const [role, setRole] = useState<Role>(member.role);
  const id = `people-member-${member.userId}`;
  const form = useRef<HTMLFormElement>(null);
  // what the tap opened: in view, focus on its first control (the role chosen now)
  useEffect(() => {
    if (!editing) return;
    form.current?.scrollIntoView({ block: "nearest" });
    form.current?.querySelector<HTMLInputElement>("input:checked")?.focus();
  }, [editing]);
  function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const until = endOfDay(String(new FormData(event.currentTarget).get("until") ?? ""));
    void act("team.role.update", { userId: member.userId, role, accessUntil: until }, () => {
      setEditing(false);
      onChanged();
    });
  }
  return (
    <li
      data-testid={id}
      style={{ border: "1px solid var(--line)", borderRadius: 8, padding: 12, display: "grid", gap: 6 }}
    >
      <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 12px", alignItems: "baseline" }}>
        <strong>
          {member.name}
          {me ? " (you)" : ""}
        </strong>
        {member.email && <span style={{ color: "var(--muted)", overflowWrap: "anywhere" }}>{member.email}</span>}
        <span data-testid={`${id}-role`} style={{ marginLeft: "auto" }}>
          {roleName(member.role)}
        </span>
      </div>
      <span style={{ color: "var(--muted)", fontSize: 14 }} data-testid={`${id}-dates`}>
        In the team since {dayInWords(member.since)}
        {member.accessUntil &&
          (member.accessEnded
            ? ` · access ended on ${dayInWords(member.accessUntil)}`
            : ` · access until ${dayInWords(member.accessUntil)}`)}
        {member.lastActiveAt ? ` · last change ${dayInWords(member.lastActiveAt)}` : ""}
      </span>
      {admin && !editing && (
        <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
          <Button
            type="button"
            variant="plain"
            disabled={busy}
            onClick={() => setEditing(true)}
            data-testid={`${id}-edit`}
          >
            Change role or end date
          </Button>
          <Button
            type="button"
            variant="plain"
            disabled={busy}
            onClick={() => void act("team.remove", { userId: member.userId }, onChanged)}
            data-testid={`${id}-remove`}
          >
            Remove from the team
          </Button>
        </div>
      )}
      {admin && editing && (
        <form
          ref={form}
          onSubmit={save}
          onKeyDown={ctrlEnterSubmits}
          noValidate
          style={{ display: "grid", gap: 12, marginTop: 6 }}
        >
          <RoleChoice name={`${id}-role-choice`} value={role} onChange={setRole} />
          <Field label="Access ends on" hint="Leave it empty for access without end.">
            <input
              name="until"
              type="date"
              min={tomorrow()}
              defaultValue={dayOf(member.accessUntil)}
              data-testid={`${id}-until`}
            />
          </Field>
          <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
            <Button type="submit" disabled={busy} data-testid={`${id}-save`}>
              Save
            </Button>
            <Button type="button" variant="plain" onClick={() => setEditing(false)}>
              Cancel
            </Button>
          </div>
        </form>
      )}
    </li>
  );
}
