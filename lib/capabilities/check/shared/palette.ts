// An image's colours against the kit's palette (brand.check). Pixels are grouped into dominant
// colours, each compared with the nearest kit colour by CIEDE2000, the CIE's distance for how
// different two colours look. Thresholds (documented in docs/integrators.md):
// - ON_PALETTE: a dominant colour within ΔE2000 10 of a kit colour counts as that colour (2 is
//   about the smallest difference people notice; compression, anti-aliasing and screens move a
//   colour by a few units more);
// - neutrals (white, greys, black: LCh chroma below NEUTRAL_CHROMA) count as neither on nor off
//   the palette, since backgrounds and type use them whatever the kit says;
// - dominant colours under MIN_SHARE of the image are edges and noise, not colours of the design;
// - an off-palette colour over WARN_SHARE of the image is a warning, and off-palette colours
//   together over ERROR_SHARE make the image off brand.
import { converter, differenceCiede2000, wcagContrast } from "culori";
import type { Finding } from "./shape";

export const ON_PALETTE = 10;
export const NEUTRAL_CHROMA = 8;
export const MIN_SHARE = 0.03;
export const WARN_SHARE = 0.15;
export const ERROR_SHARE = 0.5;
/** colours closer than this (ΔE76 in Lab, cheap) are one dominant colour */
const CLUSTER_RADIUS = 12;
const MAX_CLUSTERS = 12;

export type KitColor = { id: string; name: string; hex: string; role: string };
type Lab = { mode: "lab65"; l: number; a: number; b: number };
type Cluster = { lab: Lab; count: number; r: number; g: number; b: number };

const toLab = converter("lab65");
const toLch = converter("lch65");
const deltaE = differenceCiede2000();
const hexOf = (r: number, g: number, b: number) =>
  `#${[r, g, b].map((channel) => Math.round(channel).toString(16).padStart(2, "0")).join("")}`.toUpperCase();
const percent = (share: number) => `${Math.round(share * 100)}%`;

/** Dominant colours of RGBA pixels: bins of 5 bits a channel, merged by Lab distance, largest first. */
function clustersOf(pixels: Buffer): { clusters: Cluster[]; opaque: number } {
  const bins = new Map<number, { count: number; r: number; g: number; b: number }>();
  let opaque = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i + 3]! < 128) continue; // transparent pixels are not part of what is seen
    opaque++;
    const r = pixels[i]!;
    const g = pixels[i + 1]!;
    const b = pixels[i + 2]!;
    const key = ((r >> 3) << 10) | ((g >> 3) << 5) | (b >> 3);
    const bin = bins.get(key);
    if (bin) {
      bin.count++;
      bin.r += r;
      bin.g += g;
      bin.b += b;
    } else bins.set(key, { count: 1, r, g, b });
  }
  const clusters: Cluster[] = [];
  for (const bin of [...bins.values()].sort((x, y) => y.count - x.count)) {
    const [r, g, b] = [bin.r / bin.count, bin.g / bin.count, bin.b / bin.count];
    const lab = toLab({ mode: "rgb", r: r / 255, g: g / 255, b: b / 255 }) as Lab;
    let nearest: Cluster | undefined;
    let best = Number.POSITIVE_INFINITY;
    for (const cluster of clusters) {
      const d = Math.hypot(cluster.lab.l - lab.l, cluster.lab.a - lab.a, cluster.lab.b - lab.b);
      if (d < best) [best, nearest] = [d, cluster];
    }
    if (nearest && (best <= CLUSTER_RADIUS || clusters.length >= MAX_CLUSTERS)) {
      nearest.r += bin.r;
      nearest.g += bin.g;
      nearest.b += bin.b;
      nearest.count += bin.count; // the centre stays the first (largest) bin's: stable and cheap
    } else clusters.push({ lab, count: bin.count, r: bin.r, g: bin.g, b: bin.b });
  }
  return { clusters: clusters.sort((x, y) => y.count - x.count), opaque };
}

export function paletteFindings(pixels: Buffer, kit: readonly KitColor[]): Finding[] {
  const { clusters, opaque } = clustersOf(pixels);
  if (opaque === 0) {
    return [
      { severity: "info", rule: { kind: "file" }, message: "The image is fully transparent: no colour to check." },
    ];
  }
  const kitLabs = kit.map((color) => ({ color, lab: toLab(color.hex) as Lab }));
  const findings: Finding[] = [];
  const used = new Map<string, { color: KitColor; share: number }>();
  let offShare = 0;
  for (const cluster of clusters) {
    const share = cluster.count / opaque;
    if (share < MIN_SHARE) continue;
    const hex = hexOf(cluster.r / cluster.count, cluster.g / cluster.count, cluster.b / cluster.count);
    const nearest = kitLabs
      .map(({ color, lab }) => ({ color, distance: deltaE(cluster.lab, lab) }))
      .sort((x, y) => x.distance - y.distance)[0];
    if (nearest && nearest.distance <= ON_PALETTE) {
      const seen = used.get(nearest.color.id);
      used.set(nearest.color.id, { color: nearest.color, share: (seen?.share ?? 0) + share });
      continue;
    }
    if ((toLch(cluster.lab)?.c ?? 0) < NEUTRAL_CHROMA) continue;
    offShare += share;
    findings.push({
      severity: share >= WARN_SHARE ? "warning" : "info",
      rule: { kind: "color", ...(nearest ? { ref: nearest.color.id } : {}) },
      message:
        `${share > 0.995 ? "All" : `About ${percent(share)}`} of the image is ${hex}, which is not a kit colour` +
        (nearest
          ? ` (the nearest, ${nearest.color.name} ${nearest.color.hex}, differs by ΔE ${nearest.distance.toFixed(0)}; up to ${ON_PALETTE} counts as the same colour).`
          : "; the kit has no colours yet."),
      ...(nearest ? { suggestion: `Use ${nearest.color.name} (${nearest.color.hex}) or another kit colour.` } : {}),
    });
  }
  if (offShare >= ERROR_SHARE) {
    findings.unshift({
      severity: "error",
      rule: { kind: "color" },
      message: `${percent(offShare)} of the image is in colours outside the kit's palette.`,
      suggestion: "Rework the image in the kit's colours.",
    });
  }
  for (const { color, share } of used.values()) {
    findings.push({
      severity: "info",
      rule: { kind: "color", ref: color.id },
      message: `${color.name} (${color.hex}), a kit colour, covers about ${percent(share)} of the image.`,
    });
  }
  return [...findings, ...contrastFindings([...used.values()].map((entry) => entry.color))];
}

/**
 * WCAG contrast of the kit's foreground/background pairs the image uses together: under 3:1 even
 * large text and graphics are hard to read (WCAG 2.2, 1.4.3 and 1.4.11); under 4.5:1 only large text is.
 */
function contrastFindings(used: readonly KitColor[]): Finding[] {
  const fronts = used.filter((color) => color.role !== "background");
  const backs = used.filter((color) => color.role === "background");
  const findings: Finding[] = [];
  for (const back of backs) {
    for (const front of fronts) {
      const ratio = Math.round(wcagContrast(front.hex, back.hex) * 100) / 100;
      const pair = `${front.name} on ${back.name}`;
      findings.push(
        ratio < 3
          ? {
              severity: "warning",
              rule: { kind: "contrast", ref: front.id },
              message: `${pair} has a contrast of ${ratio}:1, under the 3:1 that large text and graphics need.`,
              suggestion: `Put ${front.name} on a background that contrasts more, or use another kit colour.`,
            }
          : {
              severity: "info",
              rule: { kind: "contrast", ref: front.id },
              message:
                ratio < 4.5
                  ? `${pair} has a contrast of ${ratio}:1: enough for large text and graphics, not for body text (4.5:1).`
                  : `${pair} has a contrast of ${ratio}:1: readable as text.`,
            },
      );
    }
  }
  return findings;
}
