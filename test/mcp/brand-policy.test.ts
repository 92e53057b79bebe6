// brand.policy.update on the MCP door: an admin's client lists the tool and, once the person
// accepts the summary in the client's dialog, the brand's policy changes; a member's call is
// forbidden and nobody is asked.
import { beforeAll, describe, expect, it } from "vitest";
import { call, expectOk, makeWorld } from "../support/world";
import { callTool, connectMcp, expectToolError, expectToolOk, toolNames } from "../support/mcp";

type World = Awaited<ReturnType<typeof makeWorld>>;
let world: World;
beforeAll(async () => {
  world = await makeWorld();
});

const policy = async () =>
  expectOk(await call("brand.overview", world.admin.key, { brand: world.brand.shortId })).policy.agentsConfirmBy;

describe("brand_policy_update", () => {
  it("an admin's client lists it, and the person's acceptance sets the policy", async () => {
    const client = await connectMcp(world.admin.key, { elicit: "accept" });
    expect(await toolNames(client)).toContain("brand_policy_update");
    const result = await callTool(client, "brand_policy_update", {
      brand: world.brand.shortId,
      agentsConfirmBy: "person",
    });
    expect(expectToolOk(result)).toEqual({ ok: true, id: world.brand.id });
    expect(client.elicited.map((asked) => asked.message)).toEqual([
      expect.stringContaining("Require a person to confirm every write of agents signed in with OAuth in Test Brand."),
    ]);
    expect(await policy()).toBe("person");
    await client.close();
  });

  it("a member is forbidden, and nobody is asked to confirm", async () => {
    const client = await connectMcp(world.member.key, { elicit: "accept" });
    expectToolError(
      await callTool(client, "brand_policy_update", { brand: world.brand.shortId, agentsConfirmBy: "either" }),
      "forbidden",
    );
    expect(client.elicited).toHaveLength(0);
    expect(await policy()).toBe("person");
    await client.close();
  });
});
