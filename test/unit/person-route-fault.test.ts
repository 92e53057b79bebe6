// A person's route (Settings, the chat's helpers) answers a fault as the API door does: a database
// that cannot serve right now is 503 unavailable with Retry-After, not a 500 (the route fuzzer met a
// 500 on revoking a key while SQLite was busy); anything else stays internal, its cause only logged.
import { describe, expect, it, vi } from "vitest";
import { errorResponse } from "../../lib/auth/person-route";

describe("a person's route answers a fault", () => {
  it("a busy database: 503 unavailable, Retry-After 1", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = errorResponse(new Error("SqliteError: database is locked"), "req-busy");
    quiet.mockRestore();
    expect(response.status).toBe(503);
    expect(response.headers.get("retry-after")).toBe("1");
    expect((await response.json()).error).toMatchObject({ code: "unavailable", requestId: "req-busy" });
  });

  it("anything else: 500 internal, with nothing of its cause", async () => {
    const quiet = vi.spyOn(console, "error").mockImplementation(() => undefined);
    const response = errorResponse(new Error("secret detail"), "req-fault");
    quiet.mockRestore();
    expect(response.status).toBe(500);
    const body = await response.json();
    expect(body.error.code).toBe("internal");
    expect(JSON.stringify(body)).not.toContain("secret detail");
  });
});
