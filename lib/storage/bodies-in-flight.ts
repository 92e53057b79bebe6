// One body in flight per upload (local disk). A signed upload URL is a capability anyone holding it
// may use many times at once; each PUT writes its own temporary file, so N parallel bodies held
// open would take N times the declared size while the quota reserves it once. The first PUT claims
// the upload's storage key here, every other one is refused at once (409), and the claim ends with
// the transfer (stored, refused or cut off), after its temporary file is gone.
//
// In-process: on local disk one instance owns STORAGE_DIR (several instances share S3, where PUTs
// never reach the service). A process that dies takes its claims with it; its partial files are left
// to the upload sweep. On globalThis because Next bundles the file route and the background loop
// (instrumentation.ts) separately, and the sweep must see the same claims.

type Claims = Map<string, string>; // storage key → the name of its temporary file in .incoming
const state = globalThis as unknown as { brandOpsBodiesInFlight?: Claims };
const claims = (): Claims => (state.brandOpsBodiesInFlight ??= new Map());

/** Claims the key for one body written to `incomingName`; false while another body is arriving. */
export function claimBody(key: string, incomingName: string): boolean {
  if (claims().has(key)) return false;
  claims().set(key, incomingName);
  return true;
}

export function releaseBody(key: string): void {
  claims().delete(key);
}

/** Whether a body for this key is arriving now: its upload's reservation must stay held. */
export function bodyInFlight(key: string): boolean {
  return claims().has(key);
}

/** Whether a temporary file in .incoming belongs to a body still arriving. */
export function incomingInFlight(name: string): boolean {
  for (const incoming of claims().values()) if (incoming === name) return true;
  return false;
}
