// WCAG 2 contrast, for colours whose ratios the server did not send (the same formula as
// lib/capabilities/kit/color.ts, which client code must not import).

function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const channel = parseInt(hex.slice(i, i + 2), 16) / 255;
    return channel <= 0.04045 ? channel / 12.92 : ((channel + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function ratio(a: number, b: number): number {
  const [light, dark] = a > b ? [a, b] : [b, a];
  return Math.round(((light + 0.05) / (dark + 0.05)) * 100) / 100;
}

export function contrastOf(hex: string): { onWhite: number; onBlack: number } {
  const l = luminance(hex);
  return { onWhite: ratio(l, 1), onBlack: ratio(l, 0) };
}

/** WCAG 2 levels for normal text: AAA from 7:1, AA from 4.5:1. */
export function level(ratio: number): "AAA" | "AA" | "fail" {
  return ratio >= 7 ? "AAA" : ratio >= 4.5 ? "AA" : "fail";
}
