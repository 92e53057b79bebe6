import { redirect } from "next/navigation";
import { headers } from "next/headers";
import { sessionUserId, safeNextPath } from "@/lib/auth/session";
import { SignInForm } from "./sign-in-form";

export const dynamic = "force-dynamic";
export const metadata = { title: "Sign in · Brand Operations" };

export default async function SignInPage({ searchParams }: { searchParams: Promise<{ next?: string | string[] }> }) {
  const { next } = await searchParams;
  const destination = safeNextPath(typeof next === "string" ? next : null);
  // already signed in: nothing to do here
  if (await sessionUserId(await headers())) redirect(destination);
  return (
    <main style={{ maxWidth: 380, margin: "72px auto", padding: "0 24px", lineHeight: 1.5 }}>
      <h1 style={{ fontSize: 26, marginBottom: 4 }}>Sign in</h1>
      <p style={{ color: "var(--muted)", marginTop: 0 }}>
        Brand Operations: your brands, their kit and their questions.
      </p>
      <SignInForm next={destination} />
    </main>
  );
}
