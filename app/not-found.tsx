// Any address the app does not have: a page in the app's own look, with the way back.
import Link from "next/link";

export const metadata = { title: "Not found · Brand Operations" };

export default function NotFound() {
  return (
    <main style={{ maxWidth: 480, margin: "96px auto", padding: "0 24px", lineHeight: 1.5 }} data-testid="not-found">
      <p style={{ fontWeight: 600, margin: 0 }}>Brand Operations</p>
      <h1 style={{ fontSize: 26, margin: "8px 0" }}>This page does not exist</h1>
      <p style={{ color: "var(--muted)" }}>The address may be mistyped, or the page has moved.</p>
      <p style={{ display: "flex", gap: 16, flexWrap: "wrap" }}>
        <Link href="/">Go to the assistant</Link>
        <Link href="/activity">Activity</Link>
        <Link href="/docs">API reference</Link>
      </p>
    </main>
  );
}
