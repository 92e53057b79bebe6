// What the authorization server advertises answers: every endpoint its RFC 8414 metadata names is
// served (introspection, which it does not serve, is not named), and a failed authorization with no
// trusted place to return to lands on a page of ours that says what went wrong in words.
import { describe, expect, it } from "vitest";
import { baseUrl } from "../support/world";
import { navigate } from "../support/oauth-flow";

async function metadata(): Promise<Record<string, unknown>> {
  const response = await fetch(`${baseUrl()}/.well-known/oauth-authorization-server/api/auth`);
  expect(response.status).toBe(200);
  return (await response.json()) as Record<string, unknown>;
}

describe("the metadata names only endpoints that answer", () => {
  it("no introspection endpoint, nor the members that describe one", async () => {
    const document = await metadata();
    expect(Object.keys(document).filter((key) => key.startsWith("introspection_endpoint"))).toEqual([]);
    expect(document.revocation_endpoint).toBe(`${baseUrl()}/api/auth/oauth2/revoke`);
    expect(document.revocation_endpoint_auth_methods_supported).toBeDefined();
  });

  it("every endpoint named answers something other than 404", async () => {
    const endpoints = Object.entries(await metadata()).filter(([key]) => key.endsWith("_endpoint"));
    expect(endpoints.map(([key]) => key).sort()).toEqual([
      "authorization_endpoint",
      "registration_endpoint",
      "revocation_endpoint",
      "token_endpoint",
    ]);
    for (const [key, url] of endpoints) {
      const method = key === "authorization_endpoint" ? "GET" : "POST";
      const response = await fetch(String(url), {
        method,
        redirect: "manual",
        ...(method === "POST" ? { headers: { "Content-Type": "application/x-www-form-urlencoded" }, body: "" } : {}),
      });
      expect(response.status, `${key} ${url}`).not.toBe(404);
    }
  });
});

describe("a failed authorization with nowhere trusted to return", () => {
  it("goes to our error page, which says in words what went wrong", async () => {
    const url = new URL(`${baseUrl()}/api/auth/oauth2/authorize`);
    for (const [name, value] of Object.entries({
      response_type: "code",
      client_id: "no-such-client",
      redirect_uri: "https://nowhere.example/cb",
      scope: "kit.read",
    }))
      url.searchParams.set(name, value);
    const answer = await navigate(url);
    expect(answer.status).toBe(302);
    const target = new URL(answer.location!, baseUrl());
    expect(target.origin + target.pathname).toBe(`${baseUrl()}/oauth/error`);
    expect(target.searchParams.get("error")).toBe("invalid_client");
    const page = await fetch(target);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("This app is not known here");
    expect(html).toContain("has not registered with this service");
    // nothing to go on to: the app is unknown
    expect(html).not.toContain("oauth-error-continue");
  });

  it("an error code it does not know, or none, still reads as a sentence", async () => {
    for (const query of ["", "?error=%3Cscript%3E", "?error=made_up_code&error_description=x"]) {
      const page = await fetch(`${baseUrl()}/oauth/error${query}`);
      expect(page.status, query).toBe(200);
      const html = await page.text();
      expect(html).toMatch(/data-testid="oauth-error-title">The app could not be connected</);
    }
  });
});
