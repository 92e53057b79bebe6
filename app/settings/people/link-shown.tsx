"use client";
// A new invitation's link, once: after this panel is closed nobody can read it again (only its
// hash is kept). Whether it was also e-mailed depends on the operator's SMTP settings.
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/form";
import { copyBySelection } from "@/components/widgets/copy";

export function LinkShown({
  url,
  email,
  mailed,
  onDone,
}: {
  url: string;
  email: string;
  mailed: boolean;
  onDone: () => void;
}) {
  const [copied, setCopied] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  // the person's next step: copy it
  useEffect(() => {
    box.current?.scrollIntoView({ block: "nearest" });
    box.current?.querySelector<HTMLButtonElement>("[data-testid=people-link-copy]")?.focus();
  }, []);
  async function copyLink() {
    const done = await navigator.clipboard?.writeText(url).then(
      () => true,
      () => false,
    );
    setCopied(done === true || copyBySelection(url));
  }
  return (
    <div
      role="status"
      ref={box}
      data-testid="people-link-shown"
      style={{
        border: "1px solid var(--pass)",
        background: "var(--pass-soft)",
        borderRadius: 8,
        padding: 16,
        display: "grid",
        gap: 10,
      }}
    >
      <strong>Invitation link for {email}</strong>
      <code
        data-testid="people-link"
        style={{
          wordBreak: "break-all",
          background: "var(--surface)",
          padding: "8px 10px",
          borderRadius: 6,
          border: "1px solid var(--line)",
        }}
      >
        {url}
      </code>
      <p style={{ margin: 0 }} data-testid="people-link-note">
        {mailed
          ? `It is also on its way to ${email} by e-mail. `
          : `E-mail is not set up on this service, so nothing was sent: copy the link and give it to ${email} yourself. `}
        It works once, only for that address, for 7 days, and will not be shown again.
      </p>
      <div style={{ display: "flex", gap: 8, flexWrap: "wrap" }}>
        <Button type="button" data-testid="people-link-copy" onClick={() => void copyLink()}>
          {copied ? "Copied" : "Copy link"}
        </Button>
        <Button type="button" variant="plain" onClick={onDone} data-testid="people-link-done">
          Done
        </Button>
      </div>
    </div>
  );
}
