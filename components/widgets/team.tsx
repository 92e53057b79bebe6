"use client";
// The brand's people (team.list) in words: each person's role, since when and until when, their
// e-mail for admins; the invitations still waiting. Admins get the team's writes on each row (a
// role, Remove, Withdraw), each proposed as a confirm card, so the pipeline decides as everywhere.
import { okDataOf, errorOf, type ToolEnvelope, type WidgetProps } from "./types";
import { Badge, Empty, WidgetFrame } from "./frame";
import { NextPage, usePages } from "./pages";
import { Propose } from "./row-actions";
import { useCanRun } from "./may";
import { ROLES } from "@/lib/contract/roles";
import { ROLE_WORDS, roleName } from "@/lib/team/role-words";
import { dateInWords } from "@/lib/words/date-words";
import type { OutputOf } from "./types";

type Member = OutputOf<"team.list">["items"][number];

const day = (iso: string) => dateInWords(iso, false);

function teamPage(envelope: ToolEnvelope | null) {
  const data = okDataOf(envelope, "team.list");
  return data ? { items: data.items, nextCursor: data.nextCursor } : undefined;
}

export function TeamWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const data = okDataOf(envelope, "team.list");
  const pages = usePages<Member>({ capabilityId, input, envelope, brand }, teamPage);
  const canRun = useCanRun();
  const people = pages.items;
  const invitations = data?.invitations ?? [];
  const aside = data
    ? `${people.length}${pages.nextCursor ? "+" : ""} ${people.length === 1 ? "person" : "people"}`
    : undefined;
  return (
    <WidgetFrame name="team" capabilityId={capabilityId} error={errorOf(envelope)} aside={aside}>
      {data && people.length === 0 && <Empty>Nobody is in this brand's team yet.</Empty>}
      {people.length > 0 && (
        <ul className="list">
          {people.map((member) => (
            <li key={member.userId} className="list-row" data-testid={`team-member-${member.userId}`}>
              <div className="list-main">
                <span className="list-title">{member.name}</span>
                <span className="list-details">{details(member)}</span>
                <span className="row-actions">
                  {canRun("team.role.update") &&
                    ROLES.filter((role) => role !== member.role).map((role) => (
                      <Propose
                        key={role}
                        brand={brand}
                        label={`Make ${ROLE_WORDS[role].article}`}
                        testId={`team-make-${role}`}
                        capabilityId="team.role.update"
                        input={{ userId: member.userId, role }}
                      />
                    ))}
                  {canRun("team.remove") && (
                    <Propose
                      brand={brand}
                      label="Remove"
                      testId="team-remove"
                      capabilityId="team.remove"
                      input={{ userId: member.userId }}
                    />
                  )}
                </span>
              </div>
              <span className="list-badges">
                <Badge>{roleName(member.role)}</Badge>
                {member.accessEnded && <Badge tone="fail">Access ended</Badge>}
              </span>
            </li>
          ))}
        </ul>
      )}
      <NextPage pages={pages} />
      {invitations.length > 0 && (
        <>
          <h4 className="list-subhead">Invitations waiting for an answer</h4>
          <ul className="list">
            {invitations.map((invitation) => (
              <li key={invitation.id} className="list-row" data-testid={`team-invitation-${invitation.id}`}>
                <div className="list-main">
                  <span className="list-title">{invitation.email}</span>
                  <span className="list-details">
                    The link works until {day(invitation.expiresAt)}
                    {invitation.accessUntil ? ` · access until ${day(invitation.accessUntil)}` : ""}
                  </span>
                  {canRun("team.invitations.revoke") && (
                    <span className="row-actions">
                      <Propose
                        brand={brand}
                        label="Withdraw the invitation"
                        testId="team-withdraw"
                        capabilityId="team.invitations.revoke"
                        input={{ id: invitation.id }}
                      />
                    </span>
                  )}
                </div>
                <span className="list-badges">
                  <Badge tone="warn">{roleName(invitation.role)}, invited</Badge>
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
    </WidgetFrame>
  );
}

function details(member: Member): string {
  const parts = [
    member.email,
    `since ${day(member.since)}`,
    member.accessUntil && `${member.accessEnded ? "access ended on" : "access until"} ${day(member.accessUntil)}`,
    member.lastActiveAt && `last change ${day(member.lastActiveAt)}`,
  ];
  return parts.filter(Boolean).join(" · ");
}
