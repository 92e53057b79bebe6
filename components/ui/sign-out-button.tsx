"use client";
import { useState } from "react";
import { authClient } from "@/lib/auth/client";
import { Button } from "./form";

/** Ends the session and goes to the sign-in page (for page headers). */
export function SignOutButton() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="plain"
      data-testid="sign-out"
      disabled={busy}
      onClick={async () => {
        setBusy(true);
        await authClient.signOut();
        window.location.assign("/sign-in");
      }}
    >
      Sign out
    </Button>
  );
}
