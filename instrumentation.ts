// Runs once when the server starts (`next start`, also without scripts/prepare.ts); the Node-only
// work lives in lib/ops/startup.ts so that Next's edge build of this file stays free of Node APIs.
export async function register() {
  if (process.env.NEXT_RUNTIME === "nodejs") await (await import("./lib/ops/startup")).validateAtStart();
}
