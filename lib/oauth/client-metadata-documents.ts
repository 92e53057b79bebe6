// Client ID Metadata Documents (the MCP authorization spec's preferred registration, draft
// ietf-oauth-client-id-metadata-document): a client whose client_id is an https URL is described
// by the JSON document at that URL. better-auth's OAuth provider has the persistence seam
// (registerClientMetadataDocument) and the discovery hook but ships the fetching in a pre-release
// plugin only (@better-auth/cimd 1.7.0-rc), so the fetch is here, with the guards a server that
// fetches URLs chosen by strangers needs: https only, no redirects, public addresses only (checked
// where the socket connects), a 5-second and 64 KiB bound, and the document must name itself.
import { lookup } from "node:dns";
import { request as httpRequest } from "node:http";
import { request as httpsRequest } from "node:https";
import { isIP } from "node:net";
import {
  isForbiddenCimdClientMetadataField,
  registerClientMetadataDocument,
} from "@better-auth/oauth-provider/internal";
import { oauthClientMetadataSchema, type OAuthOptions, type Scope } from "@better-auth/oauth-provider";
import { APIError } from "better-call";
import { config } from "../config";
import { isPublicAddress } from "../http/public-address";
import { publicOnlyLookup } from "../http/public-lookup";
import { boundRegistration, withRegistrationMembersOnly } from "./registration-bounds";

const DISCOVERY_ID = "cimd";
const MAX_BYTES = 64 * 1024;
const TIMEOUT_MS = 5_000;
/** A document is fetched again after this long; in between the stored copy answers. */
const REFRESH_AFTER_MS = 60 * 60 * 1000;

const invalidClient = (description: string) =>
  new APIError("BAD_REQUEST", { error: "invalid_client", error_description: description });

/** An https URL with a path, no credentials, no fragment (the draft's §3); loopback http too when allowed. */
export function isMetadataDocumentUrl(clientId: string): boolean {
  if (!URL.canParse(clientId)) return false;
  const url = new URL(clientId);
  const scheme =
    url.protocol === "https:" || (url.protocol === "http:" && allowsLoopback() && isLoopbackHost(url.hostname));
  return scheme && url.pathname !== "/" && !url.hash && !url.username && !url.password && !clientId.includes("#");
}

/** Set only by tests (a local document server has no certificate); never in production. */
function allowsLoopback(): boolean {
  return config().OAUTH_CIMD_ALLOW_LOOPBACK;
}

const isLoopbackHost = (host: string) => host === "localhost" || host === "127.0.0.1" || host === "[::1]";

const NON_PUBLIC_CODE = "ERR_CIMD_NON_PUBLIC";

/** dns.lookup (or another resolver of its shape, for tests) refusing non-public answers where the socket connects. */
export const publicOnly = (resolve: typeof lookup) => publicOnlyLookup(resolve, { code: NON_PUBLIC_CODE });

const publicLookup = publicOnly(lookup);

/** GET with the guards: https, checked addresses, no redirects followed, 5 s in all, at most 64 KiB. */
function fetchBytes(url: URL): Promise<{ status: number; body: Buffer }> {
  const literal = url.hostname.replace(/^\[|\]$/g, "");
  if (url.protocol === "https:" && isIP(literal) && !isPublicAddress(literal))
    return Promise.reject(invalidClient("the client's metadata document is not on a public address"));
  const send = url.protocol === "https:" ? httpsRequest : httpRequest; // http: loopback, allowed above for tests only
  return new Promise((resolve, reject) => {
    const outgoing = send(
      url,
      {
        headers: { Accept: "application/json" },
        lookup: url.protocol === "https:" ? publicLookup : undefined,
        signal: AbortSignal.timeout(TIMEOUT_MS),
      },
      (incoming) => {
        const chunks: Buffer[] = [];
        let size = 0;
        incoming.on("data", (chunk: Buffer) => {
          size += chunk.byteLength;
          if (size > MAX_BYTES) {
            incoming.destroy();
            return reject(invalidClient("the client's metadata document is larger than 64 KiB"));
          }
          chunks.push(chunk);
        });
        incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, body: Buffer.concat(chunks) }));
        incoming.on("error", () => reject(invalidClient("the client's metadata document cannot be fetched")));
      },
    );
    outgoing.on("error", (error: NodeJS.ErrnoException) => {
      if (error.code === NON_PUBLIC_CODE)
        return reject(invalidClient("the client's metadata document is not on a public address"));
      reject(
        invalidClient(
          error.code === "ENOTFOUND"
            ? "the client's metadata document cannot be reached"
            : "the client's metadata document cannot be fetched",
        ),
      );
    });
    outgoing.end();
  });
}

/** The document at the client_id URL, parsed; exported for the guard's tests. */
export async function fetchDocument(clientId: string): Promise<unknown> {
  const { status, body } = await fetchBytes(new URL(clientId));
  if (status !== 200) throw invalidClient(`the client's metadata document answered ${status}`);
  try {
    return JSON.parse(body.toString("utf8"));
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
      if (!parsed.success)
        throw invalidClient(
          `the client's metadata document is invalid: ${parsed.error.issues[0]?.path.join(".") || "document"}`,
        );
      // the bounds of a registration, as for a client that registers itself
      const bounded = boundRegistration(parsed.data);
      if (!bounded.ok)
        throw invalidClient(`the client's metadata document is invalid: ${bounded.refusal.error_description}`);
      if (parsed.data.client_id !== clientId)
        throw invalidClient("the client's metadata document names another client_id");
      const forbidden = Object.keys(parsed.data).find(isForbiddenCimdClientMetadataField);
      if (forbidden) throw invalidClient(`the client's metadata document may not set ${forbidden}`);
      const metadata = withRegistrationMembersOnly(parsed.data);
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
