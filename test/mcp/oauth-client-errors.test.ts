// The endpoints an OAuth client calls itself answer in their RFCs' shape and codes (lib/oauth/
// client-errors.ts), as the OAuth fuzzer (test/fuzz/oauth.test.ts) found they did not: a JSON body
// at the token or revocation endpoint was better-auth's 415 { message, code }, and a refresh token
// the server cannot read was `invalid_token` (RFC 6750's code) at both, where RFC 6749 says
// invalid_grant (the MCP SDK then starts a new authorization; on invalid_token it gives up), and
// RFC 7009 has no such code.
import { beforeAll, describe, expect, it } from "vitest";
import { register } from "../support/oauth-flow";
import { baseUrl } from "../support/world";

let clientId: string;
beforeAll(async () => {
  clientId = (await register()).body.client_id;
});

async function send(path: string, body: string, type: string) {
  const response = await fetch(`${baseUrl()}/api/auth/oauth2/${path}`, {
    method: "POST",
    headers: { "Content-Type": type },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : null };
}
const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();

describe("the token and revocation endpoints refuse as RFC 6749 and 7009 say", () => {
  it("a JSON body instead of a form: 400 invalid_request, saying what is allowed", async () => {
    for (const path of ["token", "revoke"]) {
      const answer = await send(
        path,
        JSON.stringify({ grant_type: "refresh_token", refresh_token: "bor_x", token: "bor_x", client_id: clientId }),
        "application/json",
      );
      expect({ path, status: answer.status, error: answer.body.error }).toEqual({
        path,
        status: 400,
        error: "invalid_request",
      });
      expect(answer.body.error_description).toContain("application/x-www-form-urlencoded");
      expect(answer.body).not.toHaveProperty("code");
    }
  });

  it("a refresh token the server never issued: invalid_grant at the token endpoint", async () => {
    for (const refreshToken of ["not-one-of-ours", "bor_neverissued"]) {
      const answer = await send(
        "token",
        form({ grant_type: "refresh_token", refresh_token: refreshToken, client_id: clientId }),
        "application/x-www-form-urlencoded",
      );
      expect({ refreshToken, status: answer.status, error: answer.body.error }).toEqual({
        refreshToken,
        status: 400,
        error: "invalid_grant",
      });
    }
  });

  it("a token the server cannot read is refused at the revocation endpoint as one it never issued: 400 invalid_request", async () => {
    // (RFC 7009 §2.2 would answer 200 to both; the plugin means to, but does not: see client-errors.ts)
    for (const [token, hint] of [
      ["not-one-of-ours", "refresh_token"],
      ["bor_neverissued", "refresh_token"],
      ["boa_neverissued", "access_token"],
    ]) {
      const answer = await send(
        "revoke",
        form({ token: token!, token_type_hint: hint!, client_id: clientId }),
        "application/x-www-form-urlencoded",
      );
      expect({ token, status: answer.status, error: answer.body?.error }).toEqual({
        token,
        status: 400,
        error: "invalid_request",
      });
    }
  });
});
