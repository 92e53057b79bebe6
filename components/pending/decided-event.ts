// Sent on window after a person decided a parked call on one of the service's pages, so the
// header's count of writes waiting for them is read again at once rather than at its next look.
export const DECIDED_EVENT = "brand-operations:decided";
