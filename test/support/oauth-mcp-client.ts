// An MCP client that signs in with OAuth as real ones do: the official SDK's Client and its
// Streamable HTTP transport with an OAuthClientProvider (discovery, RFC 7591 registration, PKCE,
// the token exchange and refresh are the SDK's own). The person's part (sign-in, consent) is done
// by whoever opens `authorizationUrl`: Chromium in the browser tests. The redirect URI is a loopback
// server of this test that records the code.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { Client } from "@modelcontextprotocol/sdk/client/index.js";
import { StreamableHTTPClientTransport } from "@modelcontextprotocol/sdk/client/streamableHttp.js";
import { UnauthorizedError } from "@modelcontextprotocol/sdk/client/auth.js";
import { ElicitRequestSchema } from "@modelcontextprotocol/sdk/types.js";
import type { OAuthClientProvider } from "@modelcontextprotocol/sdk/client/auth.js";
import type {
  OAuthClientInformationMixed,
  OAuthClientMetadata,
  OAuthTokens,
} from "@modelcontextprotocol/sdk/shared/auth.js";

export class LoopbackRedirect {
  private server!: Server;
  private waiting: ((params: URLSearchParams) => void)[] = [];
  readonly received: URLSearchParams[] = [];
  url = "";

  async start(): Promise<this> {
    this.server = createServer((request, response) => {
      const params = new URL(request.url ?? "/", "http://127.0.0.1").searchParams;
      this.received.push(params);
      for (const resolve of this.waiting.splice(0)) resolve(params);
      response
        .writeHead(200, { "Content-Type": "text/html" })
        .end("<h1 data-testid='client-done'>Connected. You can close this window.</h1>");
    });
    await new Promise<void>((resolve) => this.server.listen(0, "127.0.0.1", resolve));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}/callback`;
    return this;
  }

  next(): Promise<URLSearchParams> {
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  close(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The SDK's provider interface, kept in memory (a desktop client keeps the same on disk). */
export class MemoryOAuthProvider implements OAuthClientProvider {
  client?: OAuthClientInformationMixed;
  stored?: OAuthTokens;
  verifier = "";
  authorizationUrl?: URL;

  constructor(
    readonly redirect: string,
    readonly name = "Test MCP Client",
    readonly clientMetadataUrl?: string,
  ) {}

  get redirectUrl() {
    return this.redirect;
  }
  get clientMetadata(): OAuthClientMetadata {
    return {
      client_name: this.name,
      redirect_uris: [this.redirect],
      grant_types: ["authorization_code", "refresh_token"],
      response_types: ["code"],
      token_endpoint_auth_method: "none",
    };
  }
  clientInformation() {
    return this.client;
  }
  saveClientInformation(info: OAuthClientInformationMixed) {
    this.client = info;
  }
  tokens() {
    return this.stored;
  }
  saveTokens(tokens: OAuthTokens) {
    this.stored = tokens;
  }
  redirectToAuthorization(url: URL) {
    this.authorizationUrl = url;
  }
  saveCodeVerifier(verifier: string) {
    this.verifier = verifier;
  }
  codeVerifier() {
    return this.verifier;
  }
}

export function oauthTransport(baseUrl: string, provider: MemoryOAuthProvider) {
  return new StreamableHTTPClientTransport(new URL(`${baseUrl}/api/mcp`), { authProvider: provider });
}

/** A client; with `elicit` it declares elicitation and answers every confirmation that way. */
export function newClient(elicit?: "accept" | "decline") {
  const client = new Client(
    { name: "oauth-test", version: "1.0.0" },
    { capabilities: elicit ? { elicitation: { form: {} } } : {} },
  );
  if (elicit) client.setRequestHandler(ElicitRequestSchema, async () => ({ action: elicit }));
  return client;
}

/**
 * First connection: the SDK discovers, registers and hands the authorization URL to the provider,
 * then gives up with UnauthorizedError until the person has answered.
 */
export async function startAuthorization(baseUrl: string, provider: MemoryOAuthProvider): Promise<URL> {
  const client = newClient();
  const transport = oauthTransport(baseUrl, provider);
  await client.connect(transport).then(
    () => {
      throw new Error("connected without authorization");
    },
    (error) => {
      if (!(error instanceof UnauthorizedError)) throw error;
    },
  );
  return provider.authorizationUrl!;
}

/** After the redirect: the SDK exchanges the code (with the PKCE verifier), then connects. */
export async function finishAuthorization(
  baseUrl: string,
  provider: MemoryOAuthProvider,
  code: string,
  elicit?: "accept" | "decline",
) {
  await oauthTransport(baseUrl, provider).finishAuth(code);
  const client = newClient(elicit);
  await client.connect(oauthTransport(baseUrl, provider));
  return client;
}
