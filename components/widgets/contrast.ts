// WCAG 2 contrast for the palette. The ratios come from the same pure module kit.read uses (it
// imports nothing, so the client bundle may take it): a colour just written, shown before the kit
// is read again, carries no ratios from the server.
export { contrast as contrastOf } from "@/lib/capabilities/kit/shared/color";

/** WCAG 2 levels for normal text: AAA from 7:1, AA from 4.5:1. */
export function level(ratio: number): "AAA" | "AA" | "fail" {
  return ratio >= 7 ? "AAA" : ratio >= 4.5 ? "AA" : "fail";
}
