// Where an invitation's link leads: what the invitation is, in words, and the one next
// step for whoever opened it: join (signed in as the invited address), sign in as that address,
// or sign up with it; a page that says so when someone else is signed in (nothing is joined, the
// link keeps working for its owner); and which of used, withdrawn, expired or made by someone no
// longer an admin when it cannot be used.
import Link from "next/link";
import { headers } from "next/headers";
import type { ReactNode } from "react";
import { signedInSession } from "@/lib/auth/session";
import { inspectInvitation } from "@/lib/invite/accept";
import { ROLE_WORDS } from "@/lib/team/role-words";
import { dateInWords } from "@/lib/words/date-words";
import { InviteSignOut } from "./invite-sign-out";
import { JoinForm } from "./join-form";
import { problemWords } from "./problem-words";

export const dynamic = "force-dynamic";
// the link is a secret: no referrer leaves with it, and no search engine keeps the page
export const metadata = {
  title: "Invitation · Brand Operations",
  referrer: "no-referrer",
  robots: { index: false, follow: false },
};

export default async function InvitePage({ params }: { params: Promise<{ token: string }> }) {
  const { token } = await params;
  const [invitation, session] = await Promise.all([inspectInvitation(token), signedInSession(await headers())]);
  if (invitation.outcome !== "ok") {
    const words = problemWords(invitation.outcome);
    return (
      <InviteFrame title={words.title} testId={`invite-${invitation.outcome}`}>
        <p>{words.text}</p>
        <p>
          <Link href={session ? "/" : "/sign-in"} style={{ display: "inline-block", padding: "6px 0" }}>
            {session ? "Go to the assistant" : "Sign in"}
          </Link>
        </p>
      </InviteFrame>
    );
  }
  const role = ROLE_WORDS[invitation.role];
  const about = (
    <>
      <p data-testid="invite-about">
        {invitation.invitedBy ?? "An admin"} invited <strong>{invitation.email}</strong> to join{" "}
        <strong>{invitation.brand.name}</strong> as {role.article}: {role.can}.
      </p>
      {invitation.accessUntil && (
        <p data-testid="invite-access-until">
          The access ends on {dateInWords(invitation.accessUntil)}. An admin can extend it.
        </p>
      )}
    </>
  );
  if (session && session.email.toLowerCase() !== invitation.email) {
    return (
      <InviteFrame title="This invitation is for someone else" testId="invite-wrong-person">
        {about}
        <p data-testid="invite-wrong-person-text">
          You are signed in as <strong>{session.email}</strong>. Nothing was joined, and the link still works for{" "}
          {invitation.email}. If that address is yours too, sign out and open the link again.
        </p>
        <InviteSignOut />
      </InviteFrame>
    );
  }
  const mode = session ? "join" : invitation.hasAccount ? "sign-in" : "sign-up";
  return (
    <InviteFrame title={`Join ${invitation.brand.name}`} testId="invite-ok">
      {about}
      <p style={{ color: "var(--muted)", fontSize: 14 }}>
        The link works once, until {dateInWords(invitation.expiresAt)}.
      </p>
      <JoinForm token={token} mode={mode} email={invitation.email} brand={invitation.brand} />
    </InviteFrame>
  );
}

function InviteFrame({ title, testId, children }: { title: string; testId: string; children: ReactNode }) {
  return (
    <main
      style={{ maxWidth: 440, margin: "56px auto", padding: "0 20px", lineHeight: 1.5, overflowWrap: "anywhere" }}
      data-testid={testId}
    >
      <p style={{ fontWeight: 600, margin: 0 }}>Brand Operations</p>
      <h1 style={{ fontSize: 26, margin: "8px 0 12px" }}>{title}</h1>
      {children}
    </main>
  );
}
