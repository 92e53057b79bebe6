"use client";
// Invite someone: their e-mail, a role in words, and, for an agency or a contractor, the day their
// access ends. team.invite asks the admin to confirm before the invitation exists.
import { type FormEvent, useState } from "react";
import { Button, Field } from "@/components/ui/form";
import { ctrlEnterSubmits } from "@/components/widgets/next-step";
import type { Role } from "@/lib/contract/roles";
import { endOfDay, tomorrow } from "./dates";
import { RoleChoice } from "./role-choice";

export type Invite = { email: string; role: Role; accessUntil?: string };

export function InviteForm({ busy, onSubmit }: { busy: boolean; onSubmit: (invite: Invite) => void }) {
  const [role, setRole] = useState<Role>("member");
  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const until = endOfDay(String(form.get("until") ?? ""));
    onSubmit({ email: String(form.get("email") ?? "").trim(), role, ...(until ? { accessUntil: until } : {}) });
  }
  return (
    <form
      onSubmit={submit}
      onKeyDown={ctrlEnterSubmits}
      noValidate
      style={{ display: "grid", gap: 14 }}
      data-testid="people-invite-form"
    >
      <Field label="E-mail address">
        <input
          name="email"
          type="email"
          autoComplete="off"
          required
          maxLength={320}
          data-testid="people-invite-email"
        />
      </Field>
      <RoleChoice name="people-invite-role" value={role} onChange={setRole} />
      <Field
        label="Last day of access"
        hint="Leave it empty for access without end. For an agency or a contractor: their access stops by itself at the end of that day."
      >
        <input name="until" type="date" min={tomorrow()} data-testid="people-invite-until" />
      </Field>
      <div>
        <Button type="submit" disabled={busy} data-testid="people-invite-submit">
          Invite
        </Button>
      </div>
    </form>
  );
}
