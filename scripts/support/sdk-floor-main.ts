// The MCP SDK's own cost (bench-sdk-floor.ts) in a process of its own, as reference-main.ts: the
// parent sends { data, rounds } and receives the floor.
import { measureSdkFloor } from "./bench-sdk-floor";

process.once("message", async (message) => {
  const { data, rounds } = message as { data: Record<string, unknown>; rounds: number };
  process.send?.(await measureSdkFloor(data, rounds), () => process.exit(0));
});
