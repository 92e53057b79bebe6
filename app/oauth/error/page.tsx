// The authorization server's error page (lib/oauth/error-page.ts): what went wrong, in words; which
// app asked and where it wanted to go; and, for a person signed in, a link there that only this
// server can have written. Nobody is sent to an app's address from here without choosing it.
import Link from "next/link";
import { headers } from "next/headers";
import { sessionUserId } from "@/lib/auth/session";
import { db } from "@/lib/db/client";
import { OAUTH_ERROR_PATH, readErrorReport } from "@/lib/oauth/error-page";
import { errorWords } from "@/lib/oauth/error-words";

export const dynamic = "force-dynamic";
export const metadata = { title: "The app could not be connected · Brand Operations" };

type Search = Record<string, string | string[] | undefined>;

/** The address without the error parameters: what the person is asked to trust. */
function shownAddress(url: URL): string {
  const shown = new URL(url);
  shown.search = "";
  shown.hash = "";
  return shown.toString();
}

export default async function OAuthErrorPage({ searchParams }: { searchParams: Promise<Search> }) {
  const search = await searchParams;
  const query = new URLSearchParams(
    Object.entries(search).flatMap(([key, value]) => (typeof value === "string" ? [[key, value]] : [])),
  );
  const report = readErrorReport(query);
  const words = errorWords(report.error);
  const client = report.clientId
    ? await db().oauthClient.findUnique({
        where: { clientId: report.clientId },
        select: { name: true, clientDiscoveryId: true },
      })
    : null;
  const signedIn = report.continueTo ? (await sessionUserId(await headers())) !== null : false;
  const here = `${OAUTH_ERROR_PATH}?${query}`;
  return (
    <main
      style={{ maxWidth: 560, margin: "72px auto", padding: "0 24px", lineHeight: 1.5, overflowWrap: "anywhere" }}
      data-testid="oauth-error"
    >
      <p style={{ fontWeight: 600, margin: 0 }}>Brand Operations</p>
      <h1 style={{ fontSize: 26, margin: "8px 0" }} data-testid="oauth-error-title">
        {words.title}
      </h1>
      <p style={{ color: "var(--muted)", marginTop: 0 }}>{words.explanation}</p>
      {report.continueTo && (
        <section
          data-testid="oauth-error-app"
          style={{ border: "1px solid var(--line)", borderRadius: 8, padding: "10px 14px", margin: "16px 0" }}
        >
          <p style={{ margin: 0 }}>
            The app{" "}
            <strong data-testid="oauth-error-client-name">
              {client?.name || report.clientId || "that started this"}
            </strong>{" "}
            {client?.clientDiscoveryId === "cimd"
              ? "(identified by its address)"
              : "(unverified: it registered itself, so its name is only what it says it is)"}{" "}
            asked to be sent back to <code data-testid="oauth-error-address">{shownAddress(report.continueTo)}</code>.
          </p>
          {signedIn ? (
            <p style={{ marginBottom: 0 }}>
              Go there only if you started this from that app yourself.{" "}
              <a href={report.continueTo.toString()} rel="noreferrer" data-testid="oauth-error-continue">
                Return to {report.continueTo.host || report.continueTo.protocol}
              </a>
            </p>
          ) : (
            <p style={{ marginBottom: 0 }}>
              <Link href={`/sign-in?next=${encodeURIComponent(here)}`} data-testid="oauth-error-sign-in">
                Sign in
              </Link>{" "}
              if you want to return to the app.
            </p>
          )}
        </section>
      )}
      {report.description && (
        <details style={{ color: "var(--muted)", fontSize: 14 }}>
          <summary>Details for the app&apos;s developer</summary>
          <code data-testid="oauth-error-description">
            {report.error}: {report.description}
          </code>
        </details>
      )}
      <p style={{ display: "flex", gap: 16, flexWrap: "wrap" }}>
        <Link href="/">Go to Brand Operations</Link>
      </p>
    </main>
  );
}
