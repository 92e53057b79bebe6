// Liveness: answers without touching the database. It is also the "bare route" the benchmark
// compares the full pipeline against (scripts/bench.ts).
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ ok: true, service: "brand-operations" });

export function GET() {
  return new Response(BODY, { headers: { "Content-Type": "application/json" } });
}
