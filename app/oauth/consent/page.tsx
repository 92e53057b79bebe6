// The consent page of MCP OAuth: the authorization server (lib/oauth/provider.ts) sends the person
// here after sign-in with its signed query. It names the app, says whether its identity is checked,
// and lets the person choose the brands and what the app may do there, in words.
import { requireSessionUser } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { isScope } from "@/lib/contract/catalogue";
import { SCOPE_WORDS } from "@/lib/oauth/scope-words";
import { liveMembership } from "@/lib/team/live-membership";
import { ConsentForm } from "./consent-form";

export const dynamic = "force-dynamic";
export const metadata = { title: "Connect an app · Brand Operations" };

type Search = Record<string, string | string[] | undefined>;

export default async function ConsentPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const query = new URLSearchParams(
    Object.entries(search).flatMap(([key, value]) =>
      (Array.isArray(value) ? value : value === undefined ? [] : [value]).map((item) => [key, item]),
    ),
  );
  const user = await requireSessionUser(`/oauth/consent?${query}`);
  const clientId = query.get("client_id") ?? "";
  const client = clientId
    ? await db().oauthClient.findUnique({
        where: { clientId },
        select: { name: true, uri: true, clientDiscoveryId: true },
      })
    : null;
  // the authorization server signs only queries whose redirect_uri it checked: one that is not even
  // a URL was not written by it, and the page reads nothing more of it
  const redirect = query.get("redirect_uri") ?? "";
  if (!client || !query.get("sig") || !URL.canParse(redirect)) {
    return (
      <main style={{ maxWidth: 560, margin: "48px auto", padding: "0 20px", lineHeight: 1.5 }}>
        <h1 style={{ fontSize: 24 }}>This link has nothing to approve</h1>
        <p>Start again from the app you want to connect.</p>
      </main>
    );
  }
  const memberships = await db().membership.findMany({
    // a time-boxed access that ended is no brand to grant an app
    where: { userId: user.id, ...liveMembership(new Date()) },
    select: { role: true, brand: { select: { shortId: true, name: true, status: true } } },
    orderBy: { brand: { shortIdKey: "asc" } },
  });
  const brands = memberships
    .filter(({ brand }) => brand.status === "active")
    .map(({ role, brand }) => ({ shortId: brand.shortId, name: brand.name, role }));
  const requested = (query.get("scope") ?? "").split(" ").filter(isScope);
  const verified = client.clientDiscoveryId === "cimd";
  return (
    <main style={{ maxWidth: 640, margin: "40px auto", padding: "0 20px", lineHeight: 1.5 }}>
      <h1 style={{ fontSize: 24, marginBottom: 4, overflowWrap: "anywhere" }} data-testid="consent-title">
        Connect <span data-testid="consent-client-name">{client.name || clientId}</span> to Brand Operations?
      </h1>
      <p style={{ color: "var(--muted)", marginTop: 0, overflowWrap: "anywhere" }}>
        Signed in as {user.name} · {user.email}. The app will act as you, only in the brands and only for what you tick
        below, and never beyond your own role in a brand.
      </p>
      {verified ? (
        <p data-testid="consent-verified" style={{ overflowWrap: "anywhere" }}>
          This app is identified by its address <strong>{new URL(clientId).host}</strong>, which publishes its
          description.
        </p>
      ) : (
        <p
          data-testid="consent-unverified"
          role="note"
          style={{
            border: "1px solid #c77700",
            background: "#fff7e6",
            color: "#5c3a00",
            borderRadius: 8,
            padding: "10px 12px",
            overflowWrap: "anywhere",
          }}
        >
          <strong>Unverified app.</strong> It registered itself, so its name is only what it says it is. Continue only
          if you just started this connection from the app yourself.
        </p>
      )}
      <p style={{ overflowWrap: "anywhere", fontSize: 14, color: "var(--muted)" }}>
        After you answer, you return to <code data-testid="consent-redirect">{new URL(redirect).origin}</code>.
      </p>
      <ConsentForm
        oauthQuery={query.toString()}
        brands={brands}
        scopes={requested.map((scope) => ({ scope, words: SCOPE_WORDS[scope] }))}
      />
    </main>
  );
}
