// brand.check's latency through the API door (BENCH_PARTS=check npm run bench): p50 and
// p95 of sequential calls for a 1,000-word text against a voice of 40 words to avoid (no model, so
// the fixed rules alone), and for a 2,000 × 2,000 PNG of noise (nothing compresses, the worst case
// to decode) against a kit of five colours. Targets: p95 ≤ 300 ms and ≤ 800 ms on this machine.
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import sharp from "sharp";
import { benchWorld } from "./bench-world";
import { startServer } from "./start-server";

const CALLS = Number(process.env.BENCH_CHECK_CALLS ?? 60);
const WARM_UP = 5;

async function api(base: string, key: string, capability: string, body: Record<string, unknown>) {
  const response = await fetch(`${base}/api/v1/${capability}`, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${key}` },
    body: JSON.stringify({ brand: "BENCH-1", ...body }),
  });
  return { status: response.status, body: (await response.json()) as any };
}

async function approvedPng(base: string, key: string, png: Buffer): Promise<string> {
  const started = await api(base, key, "library.upload.create", {
    step: "start",
    fileName: "noise.png",
    mimeType: "image/png",
    sizeBytes: png.length,
  });
  await fetch(started.body.data.uploadUrl, {
    method: "PUT",
    body: new Uint8Array(png),
    headers: { "Content-Type": "image/png" },
  });
  const done = await api(base, key, "library.upload.create", {
    step: "complete",
    uploadId: started.body.data.uploadId,
  });
  const assetId = done.body.data.assetId as string;
  const review = { assetId, decision: "approve" };
  const asked = await api(base, key, "library.asset.review", review);
  await api(base, key, "library.asset.review", { ...review, confirmationToken: asked.body.error.confirmationToken });
  return assetId;
}

function text1000(): string {
  const words = [
    "roasted",
    "beans",
    "our",
    "growers",
    "Bench",
    "Brand",
    "leverage",
    "every",
    "morning",
    "cup",
    "artisanal",
  ];
  return Array.from({ length: 1000 }, (_, i) => words[(i * 7) % words.length]).join(" ");
}

const percentile = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)]!;

async function timed(call: () => Promise<{ status: number }>): Promise<{ p50: number; p95: number; failed: number }> {
  let failed = 0;
  for (let i = 0; i < WARM_UP; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < CALLS; i++) {
    const started = performance.now();
    if ((await call()).status !== 200) failed++;
    times.push(performance.now() - started);
  }
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 0.5), p95: percentile(times, 0.95), failed };
}

export async function benchCheck(): Promise<number> {
  const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-bench-check-"));
  const world = await benchWorld(dir);
  const { db, closeDb } = await import("../../lib/db/client");
  const brand = await db().brand.findFirstOrThrow({ where: { shortId: "BENCH-1" } });
  const avoid = Array.from({ length: 40 }, (_, i) => (i === 0 ? "leverage" : i === 1 ? "artisanal" : `jargon${i}`));
  await db().genomeEntry.createMany({
    data: [
      ...avoid.map((value, position) => ({ kind: "vocabulary_avoid", value, position })),
      { kind: "vocabulary_use", value: "small-batch instead of artisanal", position: 40 },
      { kind: "guardrail", value: "Never promise health benefits.", position: 41 },
    ].map((entry) => ({ id: randomUUID(), brandId: brand.id, status: "approved", ...entry })),
  });
  await closeDb();
  const server = await startServer(world.env);
  try {
    const noise = await sharp({
      create: {
        width: 2000,
        height: 2000,
        channels: 3,
        background: "#808080",
        noise: { type: "gaussian", mean: 128, sigma: 40 },
      },
    })
      .png()
      .toBuffer();
    const assetId = await approvedPng(server.url, world.key, noise);
    const text = text1000();
    const textRun = await timed(() => api(server.url, world.key, "brand.check", { text, channel: "linkedin" }));
    const imageRun = await timed(() => api(server.url, world.key, "brand.check", { assetId }));
    console.log(
      `\n| brand.check, API door, ${CALLS} sequential calls | p50 ms | p95 ms | target p95 |\n|---|---|---|---|\n` +
        `| 1,000-word text, 40 words to avoid, no model | ${textRun.p50.toFixed(0)} | ${textRun.p95.toFixed(0)} | ≤ 300 |\n` +
        `| 2,000 × 2,000 PNG of noise (${(noise.length / 1024 / 1024).toFixed(1)} MB), 5 kit colours | ${imageRun.p50.toFixed(0)} | ${imageRun.p95.toFixed(0)} | ≤ 800 |`,
    );
    return textRun.failed + imageRun.failed;
  } finally {
    await server.stop();
    rmSync(dir, { recursive: true, force: true });
  }
}
