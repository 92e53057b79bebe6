// The page for one parked call: an MCP client's URL-mode ask (lib/mcp/confirm-page.ts), or a write
// one of the person's keys or apps parked for them (the link in its 409 answer, and each card of
// "Waiting for you"). The change in the server's words, Confirm or Cancel (Decline, with an optional
// note, for a key's or app's write), for the signed-in person the call is for. Nobody else learns it
// exists; the confirmation token never reaches this page.
import Link from "next/link";
import { ConfirmCard } from "@/components/pending/confirm-card";
import { requireSessionUser } from "@/lib/auth/session";
import { confirmPagePath } from "@/lib/mcp/confirm-page";
import { pageRequest } from "@/lib/mcp/page-decision";
import { pageCatalogue } from "@/lib/pending/page-catalogue";
import { findPersonCall } from "@/lib/pending/person-decision";

export const dynamic = "force-dynamic";
export const metadata = { title: "Confirm a change · Brand Operations", referrer: "no-referrer" };

export default async function ConfirmPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireSessionUser(confirmPagePath(encodeURIComponent(id)));
  const request = await pageRequest(user.id, id, crypto.randomUUID());
  // a key's or app's write is run at the person's Confirm; an MCP client's ask, by the client
  const forPerson = request !== null && (await findPersonCall(user.id, id)) !== null;
  return (
    <main style={{ maxWidth: 640, margin: "48px auto", padding: "0 16px", lineHeight: 1.5 }}>
      <p style={{ fontWeight: 600, margin: 0 }}>
        <Link href="/" style={{ color: "inherit", textDecoration: "none" }}>
          Brand Operations
        </Link>
      </p>
      <h1 style={{ fontSize: 24, margin: "8px 0 12px" }}>Confirm a change</h1>
      {request ? (
        <>
          {forPerson ? (
            <p data-testid="confirm-page-asker">
              {capitalised(request.askedBy)} asks to make this change in <strong>{request.brand.name}</strong>. Nothing
              is written unless you confirm; it is then written at once. Everything waiting for you is on{" "}
              <Link href="/waiting">Waiting for you</Link>.
            </p>
          ) : (
            <p data-testid="confirm-page-asker">
              An MCP client using {request.askedBy} asks to make this change in <strong>{request.brand.name}</strong>.
              Nothing is written unless you confirm; afterwards you can close this page and go back to your client.
            </p>
          )}
          <ConfirmCard
            pendingId={id}
            capabilityId={request.capability.id}
            catalogue={pageCatalogue()}
            brand={request.brand.shortId}
            input={request.input}
            envelope={request.envelope}
            {...(forPerson ? { askedBy: request.askedBy } : {})}
          />
        </>
      ) : (
        <p data-testid="confirm-page-unknown" style={{ color: "var(--muted)" }}>
          No change is waiting for your confirmation at this address. It may be for another account ({user.email} is
          signed in here), or it was removed a day after it expired.
        </p>
      )}
    </main>
  );
}

const capitalised = (words: string) => words.charAt(0).toUpperCase() + words.slice(1);
