// The reviewed open redirect, over HTTP: a signed-in person sent to /sign-in with a crafted `next`
// is redirected within this service only.
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/world";
import { signedInPerson } from "./session";

describe("GET /sign-in?next=… with a session", () => {
  it.each([
    ["%2F.%2F%2Fevil.example%2Fx"],
    ["%2F%252e%2F%2Fevil.example"],
    ["%2F%5C%2Fevil.example"],
    ["https%3A%2F%2Fevil.example"],
    ["%2F%09%2Fevil.example"],
  ])("next=%s stays on this origin", async (next) => {
    const person = await signedInPerson();
    const response = await fetch(`${baseUrl()}/sign-in?next=${next}`, {
      headers: { Cookie: person.cookie },
      redirect: "manual",
    });
    expect([303, 307, 308]).toContain(response.status);
    const location = response.headers.get("location")!;
    expect(location).not.toMatch(/^\/[/\\]/);
    expect(new URL(location, baseUrl()).origin).toBe(new URL(baseUrl()).origin);
  });
});
