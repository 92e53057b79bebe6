// Small form pieces shared by the sign-in and settings pages: plain HTML, readable styles.
import type { ButtonHTMLAttributes, ReactNode } from "react";

const inputStyle = "input:not([type=checkbox]):not([type=radio]), select { font: inherit; padding: 8px 10px; border: 1px solid #b9b9c0; border-radius: 6px; width: 100%; box-sizing: border-box; }";

export function Field({ label, children, hint }: { label: string; children: ReactNode; hint?: string }) {
  return (
    <label style={{ display: "grid", gap: 4, fontWeight: 500 }}>
      <style>{inputStyle}</style>
      {label}
      {children}
      {hint && <span style={{ fontWeight: 400, fontSize: 13, color: "#666" }}>{hint}</span>}
    </label>
  );
}

export function Button({ variant = "primary", style, ...props }: ButtonHTMLAttributes<HTMLButtonElement> & { variant?: "primary" | "plain" | "danger" }) {
  const colors = {
    primary: { background: "#1d4ed8", color: "#fff", border: "1px solid #1d4ed8" },
    plain: { background: "#fff", color: "#1d1d1f", border: "1px solid #b9b9c0" },
    danger: { background: "#b91c1c", color: "#fff", border: "1px solid #b91c1c" },
  }[variant];
  return (
    <button
      {...props}
      style={{ ...colors, font: "inherit", padding: "8px 14px", borderRadius: 6, cursor: props.disabled ? "default" : "pointer", opacity: props.disabled ? 0.6 : 1, ...style }}
    />
  );
}

export function ErrorText({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <p role="alert" data-testid={testId} style={{ color: "#b91c1c", margin: 0 }}>
      {children}
    </p>
  );
}
