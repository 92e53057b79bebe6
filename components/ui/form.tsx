// Small form pieces shared by the sign-in and settings pages: plain HTML, readable styles.
import type { ButtonHTMLAttributes, ReactNode } from "react";

const inputStyle =
  "input:not([type=checkbox]):not([type=radio]), select { font: inherit; padding: 8px 10px; border: 1px solid var(--line-strong); border-radius: 6px; background: var(--surface); color: var(--ink); width: 100%; box-sizing: border-box; }";

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label style={{ display: "grid", gap: 4, fontWeight: 500 }}>
      <style>{inputStyle}</style>
      {label}
      {children}
      {hint && <span style={{ fontWeight: 400, fontSize: 13, color: "var(--muted)" }}>{hint}</span>}
    </label>
  );
}

export function Button({
  variant = "primary",
  style,
  ...props
}: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "plain" | "danger" }) {
  const colors = {
    primary: { background: "var(--accent)", color: "var(--on-accent)", border: "1px solid var(--accent)" },
    plain: { background: "var(--surface)", color: "var(--ink)", border: "1px solid var(--line-strong)" },
    danger: { background: "var(--fail)", color: "var(--on-accent)", border: "1px solid var(--fail)" },
  }[variant];
  return (
    <button
      {...props}
      style={{
        ...colors,
        font: "inherit",
        padding: "8px 14px",
        borderRadius: 6,
        cursor: props.disabled ? "default" : "pointer",
        opacity: props.disabled ? 0.6 : 1,
        ...style,
      }}
    />
  );
}

export function ErrorText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p role="alert" data-testid={testId} style={{ color: "var(--fail)", margin: 0 }}>
      {children}
    </p>
  );
}
