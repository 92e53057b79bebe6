// Readiness: 200 when the database answers, else 503 unavailable with Retry-After (lib/ops/health.ts).
import { requestIdOf } from "@/lib/http/request";
import { readiness, unavailableResponse } from "@/lib/ops/health";

export const dynamic = "force-dynamic";

export async function GET(request: Request) {
  const requestId = requestIdOf(request);
  const state = await readiness();
  if (!state.ready) {
    const message =
      state.reason === "database"
        ? "The database does not answer right now; retry shortly"
        : "This instance is shutting down";
    return unavailableResponse(requestId, message);
  }
  return Response.json(
    { ok: true, status: "ready" },
    { headers: { "Cache-Control": "no-store", "X-Request-Id": requestId } },
  );
}
