// What an MCP tool call presents to the pipeline (lib/mcp/auth.ts credentialOf): the actor the door
// checked for the same request while that check is fresh, the bearer again once the call started
// later (it waited on the person), so a key revoked meanwhile still stops it.
import { describe, expect, it } from "vitest";
import { credentialOf, type McpCaller } from "../../lib/mcp/auth";
import { authenticate, type Credential } from "../../lib/core/auth";

const actor = {
  userId: "u1",
  name: "Ada",
  staff: false,
  apiKeyId: "k1",
  apiKeyName: "key",
  scopes: ["kit.read" as const],
  brandIds: null,
};
const bearer: Credential = { kind: "key", authorization: `Bearer bop_${"a".repeat(40)}` };
const caller = (checkedMsAgo: number): McpCaller => ({
  actor,
  credential: bearer,
  checkedAt: performance.now() - checkedMsAgo,
});

describe("credentialOf", () => {
  it("a call starting right after its request's check runs as the checked actor, read from nowhere else", async () => {
    const credential = credentialOf(caller(0));
    expect(credential).toEqual({ kind: "checked", actor });
    expect(await authenticate(credential, new Date())).toBe(actor);
  });

  it("a call starting seconds after the check presents its bearer again", () => {
    expect(credentialOf(caller(3_000))).toBe(bearer);
  });
});
