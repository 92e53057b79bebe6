// Colour helpers for the kit: HEX normalization (docs/design.md, contact channels and the kit),
// WCAG 2.x contrast, the public shape.
import { z } from "zod";

export const COLOR_ROLES = [
  "primary",
  "secondary",
  "accent",
  "background",
  "foreground",
  "neutral",
  "unspecified",
] as const;

/** Accepts #RGB, RGB, #RRGGBB, RRGGBB in any case; returns #RRGGBB upper case, or undefined. */
export function normalizeHex(value: string): string | undefined {
  const match = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(value.trim());
  if (!match) return undefined;
  const digits = match[1]!.length === 3 ? [...match[1]!].map((d) => d + d).join("") : match[1]!;
  return `#${digits.toUpperCase()}`;
}

function relativeLuminance(hex: string): number {
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

/** Contrast against white and black text/backgrounds, rounded to 2 decimals. */
export function contrast(hex: string): { onWhite: number; onBlack: number } {
  const luminance = relativeLuminance(hex);
  return { onWhite: ratio(luminance, 1), onBlack: ratio(luminance, 0) };
}

/** A HEX field as add and update take it, normalized to #RRGGBB. */
export const hexField = () =>
  z
    .string()
    .max(7)
    .trim()
    // the rule normalizeHex applies, as a pattern the published schemas carry
    .regex(/^#?([0-9A-Fa-f]{3}|[0-9A-Fa-f]{6})$/, "must be a colour code like #1A2B3C (or the short #1AB)")
    .transform((hex) => normalizeHex(hex)!)
    .describe("#RGB, RGB, #RRGGBB or RRGGBB, any case");

export const colorNameField = () => z.string().trim().min(1).max(60).describe("Colour name, e.g. Ocean blue");

/** A kit colour as kit.read publishes it (its events add the id). */
export const colorItem = z.object({
  name: z.string(),
  hex: z.string().describe("#RRGGBB"),
  role: z.enum(COLOR_ROLES),
  contrast: z.object({ onWhite: z.number(), onBlack: z.number() }).describe("WCAG 2.x contrast ratios"),
});

export const publicColor = ({ name, hex, role }: { name: string; hex: string; role: string }) => ({
  name,
  hex,
  role: role as (typeof COLOR_ROLES)[number],
  contrast: contrast(hex),
});
