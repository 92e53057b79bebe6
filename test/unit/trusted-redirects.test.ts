// The redirect guard's decision on every form an answer can take: which addresses are trusted, which
// answers carry a code, both the 302 and the JSON form, cookies kept; and the error page's signed link.
import { describe, expect, it } from "vitest";
import { config } from "../../lib/config";
import { errorPageUrl, readErrorReport } from "../../lib/oauth/error-page";
import { isTrustedRedirect, keepRedirectsTrusted } from "../../lib/oauth/trusted-redirects";

const APP = "https://brand.example";

describe("trusted redirect URIs", () => {
  it("this service's origin and loopback (native apps), nothing that only looks like them", () => {
    for (const url of [
      `${APP}/sign-in?x=1`,
      "http://127.0.0.1:5000/callback",
      "http://[::1]:9/cb",
      "http://localhost:33418/",
      "https://127.0.0.1/cb",
    ])
      expect(isTrustedRedirect(new URL(url), APP), url).toBe(true);
    for (const url of [
      "https://evil.example/cb",
      "http://127.0.0.1.evil.example/cb",
      "http://localhost.evil.example/",
      "https://brand.example.evil.example/",
      "http://brand.example/",
      "com.example.app:/cb",
      "javascript:alert(1)",
    ]) {
      expect(isTrustedRedirect(new URL(url), APP), url).toBe(false);
    }
  });
});

describe("the guard over the authorization server's answers", () => {
  const request = () => new Request(`${config().APP_URL}/api/auth/oauth2/authorize?client_id=c1`);
  const moved = (location: string) =>
    new Response(null, {
      status: 302,
      headers: [
        ["Location", location],
        ["Set-Cookie", "a=1"],
        ["Set-Cookie", "b=2"],
      ],
    });
  const json = (url: string) => Response.json({ redirect: true, url }, { headers: { "Set-Cookie": "a=1" } });

  it("keeps a code for the app, our own pages and loopback", async () => {
    for (const location of [
      "https://evil.example/cb?code=abc&state=s&iss=x",
      "/oauth/consent?sig=1",
      "http://127.0.0.1:4/cb?error=invalid_scope",
    ]) {
      expect((await keepRedirectsTrusted(request(), moved(location))).headers.get("location"), location).toBe(location);
    }
  });

  it("replaces an error, or anything ambiguous, for an untrusted address, in the form it came, cookies kept", async () => {
    const ambiguous = [
      "https://evil.example/cb?error=access_denied",
      "https://evil.example/cb?code=abc#error=invalid_request",
      "https://evil.example/cb?code=1&error=x",
      "https://evil.example/cb",
    ];
    for (const location of ambiguous) {
      const answer = await keepRedirectsTrusted(request(), moved(location));
      const page = new URL(answer.headers.get("location")!);
      expect(page.pathname, location).toBe("/oauth/error");
      expect(page.searchParams.get("client_id")).toBe("c1");
      expect(answer.headers.getSetCookie()).toEqual(["a=1", "b=2"]);
    }
    const fetched = await keepRedirectsTrusted(request(), json("https://evil.example/cb?error=login_required&state=s"));
    const body = (await fetched.json()) as { redirect: boolean; url: string };
    expect(body.redirect).toBe(true);
    expect(new URL(body.url).searchParams.get("error")).toBe("login_required");
    expect(fetched.headers.getSetCookie()).toEqual(["a=1"]);
  });

  it("reads the client_id from the signed query a page posts (consent, sign-in)", async () => {
    const posted = new Request(`${config().APP_URL}/api/auth/oauth2/consent`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ accept: false, oauth_query: "client_id=from-query&sig=x" }),
    });
    const answer = await keepRedirectsTrusted(posted, json("https://evil.example/cb?error=access_denied"));
    expect(new URL(((await answer.json()) as { url: string }).url).searchParams.get("client_id")).toBe("from-query");
  });
});

describe("the error page's link on", () => {
  const target = new URL("https://evil.example/cb?error=invalid_scope&error_description=bad&state=s1");

  it("is read back as written, with the error in words' reach", () => {
    const report = readErrorReport(new URL(errorPageUrl("c1", target)).searchParams);
    expect(report).toMatchObject({ error: "invalid_scope", description: "bad", clientId: "c1" });
    expect(report.continueTo?.toString()).toBe(target.toString());
  });

  it("is dropped when changed, expired, or signed for another app", () => {
    const written = new URL(errorPageUrl("c1", target)).searchParams;
    const change = (name: string, value: string) =>
      readErrorReport(new URLSearchParams([...written].map(([key, old]) => [key, key === name ? value : old])))
        .continueTo;
    expect(change("to", "https://phish.example/")).toBeNull();
    expect(change("client_id", "c2")).toBeNull();
    expect(change("sig", "x")).toBeNull();
    expect(readErrorReport(written, Date.now() + 601_000).continueTo).toBeNull();
  });
});
