"use client";
// Settings › People for one brand at a time: the team (team.list, paged), the invitations still
// waiting with Withdraw, and Invite. Only a brand's admins get the buttons (the catalogue's minimum
// role, handed in by the page); every change is a team.* capability whose confirmation comes back
// as the server's summary with Confirm and Cancel (use-actions.ts, as Settings › Webhooks does).
import { useEffect, useRef, useState } from "react";
import { Button, ErrorText, Field } from "@/components/ui/form";
import type { OutputOf } from "@/components/widgets/types";
import { type Role, roleMeets } from "@/lib/contract/roles";
import { roleName } from "@/lib/team/role-words";
import { ConfirmBar } from "../webhooks/confirm-bar";
import { useActions } from "../webhooks/use-actions";
import { dayInWords } from "./dates";
import { InviteForm } from "./invite-form";
import { LinkShown } from "./link-shown";
import { MemberItem } from "./member-item";

export type PeopleBrand = { shortId: string; name: string; role: Role };
type Team = OutputOf<"team.list">;

export function PeoplePanel({
  brands,
  changeRole,
  mailConfigured,
  me,
}: {
  brands: PeopleBrand[];
  changeRole: Role;
  mailConfigured: boolean;
  me: string;
}) {
  const [brand, setBrand] = useState(brands[0]!.shortId);
  const current = brands.find((item) => item.shortId === brand) ?? brands[0]!;
  const admin = roleMeets(current.role, changeRole);
  const { ask, error, busy, act, decide } = useActions(brand);
  const [team, setTeam] = useState<Team | null>(null);
  const [link, setLink] = useState<{ url: string; email: string } | null>(null);
  // a new, empty form once an invitation was made
  const [formKey, setFormKey] = useState(0);
  const confirm = useRef<HTMLDivElement>(null);

  const reload = () => void act("team.list", { limit: 50 }, setTeam);
  useEffect(() => {
    setTeam(null);
    setLink(null);
    reload();
  }, [brand]);
  // the confirmation is the person's next step: in view, Confirm focused
  useEffect(() => {
    if (!ask) return;
    confirm.current?.scrollIntoView({ block: "nearest" });
    confirm.current?.querySelector<HTMLButtonElement>("[data-testid=people-confirm-yes]")?.focus();
  }, [ask]);

  async function more(cursor: string) {
    await act("team.list", { limit: 50, cursor }, (page) =>
      setTeam((shown) => (shown ? { ...page, items: [...shown.items, ...page.items] } : page)),
    );
  }

  return (
    <section style={{ display: "grid", gap: 14 }} data-testid="people" aria-labelledby="people-team">
      {brands.length > 1 && (
        <Field label="Brand">
          <select value={brand} onChange={(event) => setBrand(event.target.value)} data-testid="people-brand">
            {brands.map((choice) => (
              <option key={choice.shortId} value={choice.shortId}>
                {choice.name} ({choice.shortId})
              </option>
            ))}
          </select>
        </Field>
      )}
      {error && <ErrorText testId="people-error">{error}</ErrorText>}
      {ask && (
        <div ref={confirm}>
          <ConfirmBar ask={ask} busy={busy} onDecide={(decision) => void decide(decision)} testId="people-confirm" />
        </div>
      )}
      {link && <LinkShown url={link.url} email={link.email} mailed={mailConfigured} onDone={() => setLink(null)} />}
      <h2 id="people-team" style={{ fontSize: 20, margin: "8px 0 0" }}>
        The team of {current.name}
      </h2>
      {!admin && (
        <p style={{ color: "var(--muted)", margin: 0 }} data-testid="people-not-admin">
          You are {roleName(current.role).toLowerCase()} here: only the brand's admins invite people or change the team.
        </p>
      )}
      {!team && !error && <p>Loading the team…</p>}
      <ul style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 10 }}>
        {team?.items.map((member) => (
          <MemberItem
            key={member.userId}
            member={member}
            admin={admin}
            me={member.userId === me}
            busy={busy}
            act={act}
            onChanged={reload}
          />
        ))}
      </ul>
      {team?.nextCursor && (
        <div>
          <Button type="button" variant="plain" disabled={busy} onClick={() => void more(team.nextCursor!)}>
            Show more people
          </Button>
        </div>
      )}
      {admin && team?.invitations && team.invitations.length > 0 && (
        <>
          <h2 style={{ fontSize: 20, margin: "8px 0 0" }}>Invitations waiting for an answer</h2>
          <ul style={{ listStyle: "none", padding: 0, margin: 0, display: "grid", gap: 10 }}>
            {team.invitations.map((invitation) => (
              <li
                key={invitation.id}
                data-testid={`people-invitation-${invitation.email}`}
                style={{
                  border: "1px dashed var(--line-strong)",
                  borderRadius: 8,
                  padding: 12,
                  display: "grid",
                  gap: 6,
                }}
              >
                <div style={{ display: "flex", flexWrap: "wrap", gap: "4px 12px", alignItems: "baseline" }}>
                  <strong style={{ overflowWrap: "anywhere" }}>{invitation.email}</strong>
                  <span style={{ marginLeft: "auto" }}>{roleName(invitation.role)}</span>
                </div>
                <span style={{ color: "var(--muted)", fontSize: 14 }}>
                  The link works until {dayInWords(invitation.expiresAt)}
                  {invitation.accessUntil ? ` · access until ${dayInWords(invitation.accessUntil)}` : ""}
                </span>
                <div>
                  <Button
                    type="button"
                    variant="plain"
                    disabled={busy}
                    onClick={() => void act("team.invitations.revoke", { id: invitation.id }, reload)}
                    data-testid={`people-invitation-revoke-${invitation.email}`}
                  >
                    Withdraw the invitation
                  </Button>
                </div>
              </li>
            ))}
          </ul>
        </>
      )}
      {admin && (
        <>
          <h2 style={{ fontSize: 20, margin: "8px 0 0" }}>Invite someone</h2>
          <p style={{ color: "var(--muted)", margin: 0 }} data-testid="people-mail-note">
            {mailConfigured
              ? "They get the invitation's link by e-mail, and you see it once too, to pass on yourself if it does not arrive."
              : "E-mail is not set up on this service: you get the invitation's link once, to send them yourself."}
          </p>
          <InviteForm
            key={formKey}
            busy={busy}
            onSubmit={(invite) =>
              void act("team.invite", invite, (data) => {
                setLink({ url: data.inviteUrl, email: invite.email });
                setFormKey((value) => value + 1);
                reload();
              })
            }
          />
        </>
      )}
    </section>
  );
}
