// `npm start`: the service on node:http. The API and MCP doors are answered by their own
// functions in front of Next's request handler (lib/doors/server.ts: Next's routing cost more than
// the pipeline); pages and every other route are Next's, as `next start` would serve them. Run
// after scripts/prepare.ts.
//
// Not under `--conditions=react-server` as the other scripts are: that condition would reach Next's
// own React for server rendering. Only `server-only` (the marker lib/ modules import) needs it, so
// that one import is resolved to the package's empty module, as under that condition.
import { registerHooks } from "node:module";
import { createRequire } from "node:module";
import path from "node:path";
import { pathToFileURL } from "node:url";

const marker = createRequire(import.meta.url).resolve("server-only"); // its index.js, which throws
const empty = pathToFileURL(path.join(path.dirname(marker), "empty.js")).href;
registerHooks({
  resolve: (specifier, context, nextResolve) =>
    specifier === "server-only" ? { url: empty, shortCircuit: true } : nextResolve(specifier, context),
});
await import("./serve-main");
