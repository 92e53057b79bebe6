// The calls this instance is answering right now (lib/doors/server.ts counts the API door's and the
// MCP door's POSTs: short calls, not the streams a client holds open), so background work can give
// way to a burst of them: the webhook worker holds its next claim back while many are in flight
// (lib/webhooks/worker.ts). On globalThis because the worker runs in Next's bundle
// (instrumentation) and the doors from the source: two copies of this module.
const state = globalThis as unknown as { brandOpsCallsInFlight?: number };

export function callStarted(): () => void {
  state.brandOpsCallsInFlight = (state.brandOpsCallsInFlight ?? 0) + 1;
  let ended = false;
  return () => {
    if (ended) return;
    ended = true;
    state.brandOpsCallsInFlight = (state.brandOpsCallsInFlight ?? 1) - 1;
  };
}

export const callsInFlight = (): number => state.brandOpsCallsInFlight ?? 0;
