// The small things a person notices: a favicon (it was a 404), and an unknown address answered
// with a page in the app's look that leads back, not Next's bare default.
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/world";

describe("pages around the app", () => {
  it("serves a favicon", async () => {
    const response = await fetch(`${baseUrl()}/icon.svg`);
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^image\/svg\+xml/);
    const page = await (await fetch(`${baseUrl()}/sign-in`)).text();
    expect(page).toMatch(/<link rel="icon" href="\/icon\.svg[^"]*"/);
  });

  it("answers an unknown address with 404 and a page that leads back", async () => {
    const response = await fetch(`${baseUrl()}/no-such-page`);
    expect(response.status).toBe(404);
    const html = await response.text();
    expect(html).toContain('data-testid="not-found"');
    expect(html).toContain("This page does not exist");
    for (const href of ['href="/"', 'href="/activity"', 'href="/docs"']) expect(html).toContain(href);
  });
});
