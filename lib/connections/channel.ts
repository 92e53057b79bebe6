// The BroadcastChannel by which a connection completed in another tab of the browser (the provider's
// callback page, lib/doors/connection-page.ts) tells the app's open pages (components/widgets/truth.tsx)
// which connection changed: their cards read it again, as after a write of their own.
export const TOUCHED_CHANNEL = "brand-operations:touched";
