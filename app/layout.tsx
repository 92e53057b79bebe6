import type { ReactNode } from "react";
import "./globals.css";

export const metadata = {
  title: "Brand Operations",
  description: "Run a brand's marketing through one set of capabilities",
};

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>{children}</body>
    </html>
  );
}
