import type { ReactNode } from "react";

export const metadata = { title: "Brand Operations", description: "Run a brand's marketing through one set of capabilities" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body style={{ fontFamily: "system-ui, sans-serif", margin: 0, color: "#1d1d1f" }}>{children}</body>
    </html>
  );
}
