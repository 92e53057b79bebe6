// The operations settings are validated at start like the rest: a wrong value is named.
import { afterEach, describe, expect, it } from "vitest";
import { config, resetConfigForTests } from "../../lib/config";

const NAMES = [
  "HOST",
  "REDIS_URL",
  "LOG_LEVEL",
  "SHUTDOWN_TIMEOUT_SECONDS",
  "MCP_ALLOWED_ORIGINS",
  "MCP_ALLOWED_HOSTS",
  "VOICE_MODE",
  "OPENAI_API_KEY",
  "OPENAI_BASE_URL",
  "REALTIME_TRANSPORT",
  "TRUSTED_PROXIES",
];
const saved = { ...process.env };

function withEnv(values: Record<string, string>) {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, values);
  resetConfigForTests();
  return () => config();
}

afterEach(() => {
  for (const name of NAMES) delete process.env[name];
  Object.assign(process.env, saved);
  resetConfigForTests();
});

describe("operations settings", () => {
  it("defaults: no Redis (an empty REDIS_URL counts as unset), 25 s shutdown bound", () => {
    const defaults = withEnv({})();
    expect(defaults.REDIS_URL).toBeUndefined();
    expect(defaults.SHUTDOWN_TIMEOUT_SECONDS).toBe(25);
    expect(withEnv({ REDIS_URL: "" })().REDIS_URL).toBeUndefined();
    expect(withEnv({ REDIS_URL: "rediss://user:pw@cache.internal:6380/2" })().REDIS_URL).toBe(
      "rediss://user:pw@cache.internal:6380/2",
    );
  });

  it.each([
    [{ HOST: "[::1]" }, /^Invalid configuration: HOST: HOST must be an address to listen on, such as 127.0.0.1/],
    [{ HOST: "0.0.0.0:3000" }, /^Invalid configuration: HOST:/],
    [
      { REDIS_URL: "localhost:6379" },
      /^Invalid configuration: REDIS_URL: REDIS_URL must be a redis:\/\/ or rediss:\/\/ URL/,
    ],
    [{ LOG_LEVEL: "verbose" }, /^Invalid configuration: LOG_LEVEL: LOG_LEVEL must be one of/],
    [{ SHUTDOWN_TIMEOUT_SECONDS: "0" }, /^Invalid configuration: SHUTDOWN_TIMEOUT_SECONDS:/],
    [
      { MCP_ALLOWED_ORIGINS: "evil example" },
      /^Invalid configuration: MCP_ALLOWED_ORIGINS: MCP_ALLOWED_ORIGINS must be host names/,
    ],
    [
      { MCP_ALLOWED_HOSTS: "a.example,*" },
      /^Invalid configuration: MCP_ALLOWED_HOSTS: MCP_ALLOWED_HOSTS must be host names/,
    ],
    [
      { TRUSTED_PROXIES: "10.0.0.0/8,proxy.internal" },
      /^Invalid configuration: TRUSTED_PROXIES: TRUSTED_PROXIES must be IP addresses or CIDR ranges .* "proxy.internal" is neither/,
    ],
    [{ TRUSTED_PROXIES: "10.0.0.0/33" }, /^Invalid configuration: TRUSTED_PROXIES:/],
    [{ VOICE_MODE: "realtime" }, /^Invalid configuration: VOICE_MODE: VOICE_MODE=realtime needs OPENAI_API_KEY/],
    [{ VOICE_MODE: "loud" }, /^Invalid configuration: VOICE_MODE: VOICE_MODE must be realtime, turns or off/],
    [
      { REALTIME_TRANSPORT: "carrier-pigeon" },
      /^Invalid configuration: REALTIME_TRANSPORT: REALTIME_TRANSPORT must be webrtc or websocket/,
    ],
  ])("%o is refused with a sentence naming it", (values, message) => {
    expect(withEnv(values)).toThrow(message);
  });

  it("HOST: loopback by default (an empty one too); any address or host name", () => {
    expect(withEnv({})().HOST).toBe("127.0.0.1");
    expect(withEnv({ HOST: "" })().HOST).toBe("127.0.0.1");
    for (const host of ["0.0.0.0", "::", "::1", "192.0.2.2", "localhost", "app.internal"])
      expect(withEnv({ HOST: host })().HOST).toBe(host);
  });

  it("TRUSTED_PROXIES: addresses and CIDR ranges, none by default", () => {
    expect(withEnv({})().TRUSTED_PROXIES).toEqual([]);
    expect(withEnv({ TRUSTED_PROXIES: "10.0.0.0/8, 127.0.0.1,::1,fd00::/8" })().TRUSTED_PROXIES).toEqual([
      "10.0.0.0/8",
      "127.0.0.1",
      "::1",
      "fd00::/8",
    ]);
  });

  it("MCP host lists: comma separated, origins reduced to their host names, empty by default", () => {
    expect(withEnv({})().MCP_ALLOWED_ORIGINS).toEqual([]);
    expect(
      withEnv({ MCP_ALLOWED_ORIGINS: "https://Console.Partner.example:8443, app.example" })().MCP_ALLOWED_ORIGINS,
    ).toEqual(["console.partner.example", "app.example"]);
    expect(withEnv({ MCP_ALLOWED_HOSTS: "mcp.internal,[::1]" })().MCP_ALLOWED_HOSTS).toEqual(["mcp.internal", "[::1]"]);
  });
});
