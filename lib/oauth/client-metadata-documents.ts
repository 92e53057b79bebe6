// Client ID Metadata Documents (the MCP authorization spec's preferred registration, draft
// ietf-oauth-client-id-metadata-document): a client whose client_id is an https URL is described
// by the JSON document at that URL. better-auth's OAuth provider has the persistence seam
// (registerClientMetadataDocument) and the discovery hook but ships the fetching in a pre-release
// plugin only (@better-auth/cimd 1.7.0-rc), so the fetch is here, with the guards a server that
// fetches URLs chosen by strangers needs: https only, no redirects, public addresses only, a
// 5-second and 64 KiB bound, and the document must name itself.
import { lookup } from "node:dns/promises";
import { BlockList, isIP } from "node:net";
import { isForbiddenCimdClientMetadataField, registerClientMetadataDocument } from "@better-auth/oauth-provider/internal";
import { oauthClientMetadataSchema, type OAuthOptions, type Scope } from "@better-auth/oauth-provider";
import { APIError } from "better-call";
import { config } from "../config";

const DISCOVERY_ID = "cimd";
const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5_000;
/** A document is fetched again after this long; in between the stored copy answers. */
const REFRESH_AFTER_MS = 60 * 60 * 1000;

const invalidClient = (description: string) => new APIError("BAD_REQUEST", { error: "invalid_client", error_description: description });

/** An https URL with a path, no credentials, no fragment (the draft's §3); loopback http too when allowed. */
export function isMetadataDocumentUrl(clientId: string): boolean {
  if (!URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  const scheme = url.protocol === "https:" || (url.protocol === "http:" && allowsLoopback() && isLoopbackHost(url.hostname));
  return scheme && url.pathname !== "/" && !url.hash && !url.username && !url.password && !clientId.includes("#");
}

/** Set only by tests (a local document server has no certificate); never in production. */
function allowsLoopback(): boolean {
  return config().OAUTH_CIMD_ALLOW_LOOPBACK;
}

const isLoopbackHost = (host: string) => host === "localhost" || host === "127.0.0.1" || host === "[::1]";

const NON_PUBLIC = new BlockList();
for (const [network, prefix] of [["0.0.0.0", 8], ["10.0.0.0", 8], ["100.64.0.0", 10], ["127.0.0.0", 8], ["169.254.0.0", 16], ["172.16.0.0", 12], ["192.168.0.0", 16], ["198.18.0.0", 15], ["224.0.0.0", 3]] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv4");
}
for (const [network, prefix] of [["::", 127], ["::1", 128], ["fc00::", 7], ["fe80::", 10], ["ff00::", 8], ["::ffff:0:0", 96]] as const) {
  NON_PUBLIC.addSubnet(network, prefix, "ipv6");
}

/** The document's host must resolve to public addresses only: no fetching the service's own network. */
async function assertPublicHost(url: URL): Promise<void> {
  if (url.protocol === "http:") return; // loopback, allowed above for tests only
  const host = url.hostname.replace(/^\[|\]$/g, "");
  const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await lookup(host, { all: true }).catch(() => []);
  if (addresses.length === 0) throw invalidClient("the client's metadata document cannot be reached");
  for (const { address, family } of addresses) {
    if (NON_PUBLIC.check(address, family === 6 ? "ipv6" : "ipv4")) throw invalidClient("the client's metadata document is not on a public address");
  }
}

async function fetchDocument(clientId: string): Promise<unknown> {
  const url = new URL(clientId);
  await assertPublicHost(url);
  const response = await fetch(url, { redirect: "manual", headers: { Accept: "application/json" }, signal: AbortSignal.timeout(TIMEOUT_MS) })
    .catch(() => { throw invalidClient("the client's metadata document cannot be fetched"); });
  if (response.status !== 200) throw invalidClient(`the client's metadata document answered ${response.status}`);
  const reader = response.body?.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = reader ? await reader.read() : { done: true, value: undefined };
    if (done || !value) break;
    size += value.byteLength;
    if (size > MAX_BYTES) {
      void reader?.cancel();
      throw invalidClient("the client's metadata document is larger than 64 KiB");
    }
    chunks.push(value);
  }
  try {
    return JSON.parse(Buffer.concat(chunks).toString("utf8"));
  } catch {
    throw invalidClient("the client's metadata document is not JSON");
  }
}

type Discovery = NonNullable<NonNullable<OAuthOptions<Scope[]>["extensions"]>[number]["clientDiscovery"]>;

export function clientMetadataDocuments(getOptions: () => OAuthOptions<Scope[]>): Discovery {
  return {
    id: DISCOVERY_ID,
    matches: isMetadataDocumentUrl,
    discoveryMetadata: { client_id_metadata_document_supported: true },
    async resolve(ctx, clientId, existing) {
      const fresh = existing?.updatedAt && Date.now() - new Date(existing.updatedAt).getTime() < REFRESH_AFTER_MS;
      if (existing && fresh) return existing;
      const parsed = oauthClientMetadataSchema.safeParse(await fetchDocument(clientId));
      if (!parsed.success) throw invalidClient(`the client's metadata document is invalid: ${parsed.error.issues[0]?.path.join(".") || "document"}`);
      const metadata = parsed.data;
      if (metadata.client_id !== clientId) throw invalidClient("the client's metadata document names another client_id");
      const forbidden = Object.keys(metadata).find(isForbiddenCimdClientMetadataField);
      if (forbidden) throw invalidClient(`the client's metadata document may not set ${forbidden}`);
      const redirectUris = metadata.redirect_uris;
      if (!redirectUris?.length) throw invalidClient("the client's metadata document lists no redirect_uris");
      const { client } = await registerClientMetadataDocument(ctx, getOptions(), {
        metadata: { ...metadata, redirect_uris: redirectUris, client_id: clientId },
        clientId,
        clientDiscoveryId: DISCOVERY_ID,
        existingClient: existing ?? undefined,
      });
      return client;
    },
  };
}
