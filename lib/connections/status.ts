// Connection states (spec "Connection status"). Transitions (docs/design.md, connections): connect
// creates or reuses a pending_setup connection; the callback makes it connected; a refused refresh
// makes it needs_attention; disconnect makes any of them disconnected, for good.
export const CONNECTION_STATUSES = ["connected", "needs_attention", "disconnected", "pending_setup"] as const;
export type ConnectionStatus = (typeof CONNECTION_STATUSES)[number];
