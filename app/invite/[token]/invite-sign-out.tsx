"use client";
// Signed in as another address: sign out and come back to the same invitation, which then asks for
// the invited address.
import { useState } from "react";
import { Button } from "@/components/ui/form";
import { authClient } from "@/lib/auth/client";

export function InviteSignOut() {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      type="button"
      disabled={busy}
      data-testid="invite-sign-out"
      onClick={async () => {
        setBusy(true);
        await authClient.signOut();
        window.location.reload();
      }}
    >
      Sign out and open the invitation again
    </Button>
  );
}
