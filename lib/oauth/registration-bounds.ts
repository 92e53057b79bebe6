// Client registration (RFC 7591) is the one write anyone may make without signing in: MCP clients
// register themselves. The plugin checks each field's meaning but not its size, so a single
// registration could store megabytes. Every field the plugin reads is bounded here, and the body as a
// whole, before the plugin sees it; fields it does not know are dropped (RFC 7591 §2: ignored).
// The same bounds hold for Client ID Metadata Documents (client-metadata-documents.ts).
import { readRequestBody } from "@modelcontextprotocol/server";
import { z } from "zod";
import { drain, DRAIN_LIMIT } from "../http/request";

/** A registration is a few hundred bytes; 16 KiB leaves room for a JWKS and a software statement. */
export const REGISTRATION_MAX_BYTES = 16 * 1024;
const URI_MAX = 2048;

// U+0000 in any text: PostgreSQL refuses to store it (a 500 the OAuth fuzzer found on the distributed profile)
const text = (max: number) =>
  z
    .string()
    .max(max)
    .refine((value) => !value.includes("\u0000"), "may not contain U+0000");
const uri = text(URI_MAX);
const uris = (max: number) => z.array(uri).min(1).max(max);
const words = (max: number) => text(max);
const list = (max: number, each: number) => z.array(text(each)).max(max);
/** A public key's members are strings, numbers, flags or lists of strings (RFC 7517 §4, RFC 7518 §6). */
const jwk = z.record(text(64), z.union([text(8192), z.number(), z.boolean(), list(10, 8192)]));

/** Every member of the plugin's registration request (clientRegistrationRequestSchema), bounded. */
export const registrationMetadata = z.object({
  redirect_uris: uris(10).optional(),
  post_logout_redirect_uris: uris(10).optional(),
  backchannel_logout_uri: uri.optional(),
  backchannel_logout_session_required: z.boolean().optional(),
  client_name: words(200).optional(),
  client_uri: uri.optional(),
  logo_uri: uri.optional(),
  tos_uri: uri.optional(),
  policy_uri: uri.optional(),
  jwks_uri: uri.optional(),
  jwks: z.object({ keys: z.array(jwk).max(10) }).optional(),
  contacts: list(10, 320).optional(),
  scope: words(1000).optional(),
  software_id: words(200).optional(),
  software_version: words(100).optional(),
  software_statement: words(8192).optional(),
  token_endpoint_auth_method: words(100).optional(),
  grant_types: list(10, 200).optional(),
  response_types: list(5, 100).optional(),
  application_type: words(20).optional(),
  subject_type: words(20).optional(),
  dpop_bound_access_tokens: z.boolean().optional(),
  resources: uris(20).optional(),
  // refused by the plugin as well; here so that its value is never carried along unread
  skip_consent: z.never({ error: "may not be set by a client" }).optional(),
});

type Refusal = {
  error: "invalid_client_metadata" | "invalid_redirect_uri" | "invalid_software_statement";
  error_description: string;
};

const ERROR_FOR_FIELD: Record<string, Refusal["error"]> = {
  redirect_uris: "invalid_redirect_uri",
  post_logout_redirect_uris: "invalid_redirect_uri",
  software_statement: "invalid_software_statement",
};

/** The first problem, naming its field, in RFC 7591 §3.2.2's error body. */
function refusal(issue: z.core.$ZodIssue): Refusal {
  const field = issue.path.map(String).join(".") || "body";
  const top = String(issue.path[0] ?? "");
  const error = ERROR_FOR_FIELD[top] ?? "invalid_client_metadata";
  if (issue.code === "too_big" && issue.origin === "string")
    return { error, error_description: `${field} is longer than ${issue.maximum} characters` };
  if (issue.code === "too_big" && issue.origin === "array")
    return { error, error_description: `${field} lists more than ${issue.maximum} entries` };
  return { error, error_description: `${field}: ${issue.message}` };
}

/** The metadata within bounds (unknown members dropped), or the refusal naming the first field out of them. */
export function boundRegistration(
  metadata: unknown,
): { ok: true; metadata: z.infer<typeof registrationMetadata> } | { ok: false; refusal: Refusal } {
  if (!metadata || typeof metadata !== "object" || Array.isArray(metadata)) {
    return {
      ok: false,
      refusal: { error: "invalid_client_metadata", error_description: "the registration must be a JSON object" },
    };
  }
  const parsed = registrationMetadata.safeParse(metadata);
  return parsed.success
    ? { ok: true, metadata: parsed.data }
    : { ok: false, refusal: refusal(parsed.error.issues[0]!) };
}

/**
 * A document's members that a registration has (and the document's own client_id): the plugin
 * reads a metadata document loosely and would store an unknown `metadata` member as it came.
 */
export function withRegistrationMembersOnly<T extends { client_id: string }>(document: T): T {
  return Object.fromEntries(
    Object.entries(document).filter(([key]) => key === "client_id" || key in registrationMetadata.shape),
  ) as T;
}

/**
 * RFC 7591 §3.1: a registration is `application/json`. A body a browser may send cross-site without
 * a preflight (text/plain, a form) is never read as one, so no page can register clients through
 * its visitors' browsers.
 */
const JSON_MEDIA_TYPE = /^\s*application\/json\s*(;|$)/i;

/**
 * POST /oauth2/register read once, at most REGISTRATION_MAX_BYTES, and bounded: the request the
 * plugin is handed (the bounded metadata as its body), or the refusal (415 for a body that is not
 * declared JSON, 400 otherwise). A refused body is drained (up to DRAIN_LIMIT) so its sender hears
 * the answer, as the API door does.
 */
export async function boundedRegistrationRequest(request: Request): Promise<Request | Response> {
  if (!JSON_MEDIA_TYPE.test(request.headers.get("content-type") ?? "")) {
    const drained = await drainRefused(request);
    return refuse(
      {
        error: "invalid_client_metadata",
        error_description: "the registration must be sent as JSON, with Content-Type: application/json",
      },
      drained ? {} : { Connection: "close" },
      415,
    );
  }
  const read = await readRequestBody(request, REGISTRATION_MAX_BYTES).catch(() => undefined);
  if (!read || read.tooLarge) {
    const drained = await drainRefused(request);
    const description = read
      ? `the registration is larger than ${REGISTRATION_MAX_BYTES} bytes`
      : "the registration could not be read";
    return refuse(
      { error: "invalid_client_metadata", error_description: description },
      drained ? {} : { Connection: "close" },
    );
  }
  let body: unknown;
  try {
    body = JSON.parse(read.text);
  } catch {
    return refuse({ error: "invalid_client_metadata", error_description: "the registration is not JSON" });
  }
  const bounded = boundRegistration(body);
  if (!bounded.ok) return refuse(bounded.refusal);
  const headers = new Headers(request.headers);
  headers.delete("content-length");
  headers.set("content-type", "application/json");
  return new Request(request.url, { method: "POST", headers, body: JSON.stringify(bounded.metadata) });
}

/** Whether the rest of a refused body was read (false: the connection is to be closed). */
async function drainRefused(request: Request): Promise<boolean> {
  const declared = Number(request.headers.get("content-length") ?? "0");
  return declared <= DRAIN_LIMIT && request.body
    ? await drain(request.body.getReader(), 0).catch(() => false)
    : declared <= DRAIN_LIMIT;
}

const refuse = (refusal: Refusal, headers: Record<string, string> = {}, status = 400) =>
  Response.json(refusal, { status, headers: { "Cache-Control": "no-store", ...headers } });
