// The receiver address checks without the suite's development setting: http:// only with
// WEBHOOKS_ALLOW_LOOPBACK, names resolving to non-public addresses refused at save time and again
// where the delivery's socket connects (a name may resolve elsewhere later: DNS rebinding).
import type { lookup } from "node:dns";
import { describe, expect, it } from "vitest";
import { receiverRefusal } from "../../lib/webhooks/address";
import { send } from "../../lib/webhooks/send";

const resolvesTo = (address: string) => async () => [address];

describe("receiver addresses", () => {
  it("http:// is refused without the setting, even on loopback; with it, only loopback", async () => {
    expect(await receiverRefusal("http://127.0.0.1:8080/hooks", false)).toBe("it must be an https:// URL");
    expect(await receiverRefusal("http://localhost:8080/hooks", false)).toBe("it must be an https:// URL");
    expect(await receiverRefusal("https://127.0.0.1/hooks", false)).toMatch(/not a public address/);
    expect(await receiverRefusal("http://127.0.0.1:8080/hooks", true)).toBeNull();
    expect(await receiverRefusal("http://10.0.0.1/hooks", true)).toBe("it must be an https:// URL");
  });

  it("a name is judged by what it resolves to", async () => {
    expect(await receiverRefusal("https://hooks.example.com/x", false, resolvesTo("93.184.215.14"))).toBeNull();
    expect(await receiverRefusal("https://hooks.example.com/x", false, resolvesTo("169.254.169.254"))).toMatch(
      /169\.254\.169\.254, which is not a public address/,
    );
    expect(await receiverRefusal("https://hooks.example.com/x", false, resolvesTo("10.0.0.7"))).toMatch(
      /not a public address/,
    );
    expect(await receiverRefusal("https://hooks.example.com/x", true, resolvesTo("192.168.1.1"))).toMatch(
      /not a public address/,
    );
    expect(
      await receiverRefusal("https://hooks.example.com/x", false, async () => {
        throw new Error("ENOTFOUND");
      }),
    ).toMatch(/does not resolve/);
  });

  it("at delivery time, a name now resolving to a private or metadata address is refused before connecting", async () => {
    for (const address of ["10.0.0.5", "169.254.169.254", "127.0.0.1"]) {
      const resolve = ((
        _host: string,
        _options: unknown,
        callback: (error: null, answers: { address: string; family: number }[]) => void,
      ) => callback(null, [{ address, family: 4 }])) as unknown as typeof lookup;
      const result = await send("https://rebinding.example.com/hooks", {}, "{}", {
        timeoutMs: 2000,
        allowLoopback: false,
        resolve,
      });
      expect(result).toMatchObject({
        status: null,
        error: "refused: the receiver's host resolves to a non-public address",
      });
    }
    const literal = await send("http://169.254.169.254/latest", {}, "{}", { timeoutMs: 2000, allowLoopback: true });
    expect(literal.error).toMatch(/not a public address/);
  });
});
