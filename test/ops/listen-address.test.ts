// Where the server listens (lib/config.ts, HOST): loopback by default (test/ops/npm-start.test.ts
// checks `npm start` with no HOST); HOST=0.0.0.0, as several instances and containers set it,
// makes it reachable on the machine's network; a HOST that is no address stops it, naming HOST.
import { describe, expect, inject, it } from "vitest";
import { startServer } from "../../scripts/support/start-server";
import { nonLoopbackAddress, tryConnect } from "../support/network";

describe("HOST", () => {
  const outside = nonLoopbackAddress();

  it.skipIf(!outside)(
    "0.0.0.0: the service answers on the machine's network address too",
    { timeout: 90_000 },
    async () => {
      const server = await startServer({ ...inject("testEnv"), HOST: "0.0.0.0" });
      try {
        const port = Number(new URL(server.url).port);
        expect(await tryConnect(outside!, port)).toBe("connected");
        expect((await fetch(`http://${outside}:${port}/api/health`)).status).toBe(200);
      } finally {
        await server.stop();
      }
    },
  );

  it("a HOST that is no address stops the server with a sentence naming it", { timeout: 90_000 }, async () => {
    await expect(startServer({ ...inject("testEnv"), HOST: "every interface" })).rejects.toThrow(
      /Invalid configuration: HOST: HOST must be an address to listen on/,
    );
  });
});
