// Liveness: 200 while the process serves requests; never touches the database (lib/ops/health.ts).
export const dynamic = "force-dynamic";

const BODY = JSON.stringify({ ok: true, status: "live" });

export function GET() {
  return new Response(BODY, { headers: { "Content-Type": "application/json", "Cache-Control": "no-store" } });
}
