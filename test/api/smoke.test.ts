import { describe, expect, it } from "vitest";
import { call, makeWorld } from "../support/world";

describe("API door smoke", () => {
  it("serves brand.overview to a viewer with the viewer's role", async () => {
    const world = await makeWorld();
    const response = await call("brand.overview", world.viewer.key, { brand: world.brand.shortId });
    expect(response.status).toBe(200);
    expect(response.body.data.shortId).toBe(world.brand.shortId);
    expect(response.body.data.role).toBe("viewer");
    expect(response.body.data.capabilities).toContain("kit.read");
    expect(response.body.data.capabilities).not.toContain("kit.colors.add");
  });
});
