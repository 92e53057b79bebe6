// The confirm page an MCP client sends its person to (URL-mode elicitation, lib/mcp/confirm-page.ts):
// the change in the server's words, Confirm or Cancel, for the signed-in person the call is for.
// Nobody else learns it exists; the confirmation token never reaches this page.
import Link from "next/link";
import { requireSessionUser } from "@/lib/auth/session";
import { capabilities } from "@/lib/capabilities/registry";
import { mcpToolName } from "@/lib/contract/catalogue";
import { isServed } from "@/lib/core/rollout";
import { confirmPagePath } from "@/lib/mcp/confirm-page";
import { pageRequest } from "@/lib/mcp/page-decision";
import { ConfirmCard } from "./confirm-card";

export const dynamic = "force-dynamic";
export const metadata = { title: "Confirm a change · Brand Operations", referrer: "no-referrer" };

export default async function ConfirmPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  const user = await requireSessionUser(confirmPagePath(encodeURIComponent(id)));
  const request = await pageRequest(user.id, id, crypto.randomUUID());
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
          <p data-testid="confirm-page-asker">
            An MCP client using {request.askedBy} asks to make this change in <strong>{request.brand.name}</strong>.
            Nothing is written unless you confirm; afterwards you can close this page and go back to your client.
          </p>
          <ConfirmCard
            pendingId={id}
            capabilityId={request.capability.id}
            catalogue={catalogue()}
            brand={request.brand.shortId}
            input={request.input}
            envelope={request.envelope}
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

/** The catalogue facts the widgets read: the call's capability, and those its result widget reads again (kit.read). */
function catalogue() {
  return capabilities
    .filter((capability) => isServed(capability, "mcp"))
    .map(({ id, title, widget, confirmation, kind }) => ({
      id,
      title,
      widget,
      confirmation,
      toolName: mcpToolName(id),
      read: kind === "read",
    }));
}
