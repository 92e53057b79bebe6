// The OpenAPI 3.1 document of the API door, generated from the registry (never hand-written
// schemas). Built once per process: isServed() reads CAPABILITY_ROLLOUT, fixed at start.
import { capabilities } from "../capabilities/registry";
import { isServed } from "../core/rollout";
import { config } from "../config";
import type { ErrorCode } from "../contract/errors";
import { errorSchemas } from "./errors";
import { errorResponses, jsonSchema, operationOf } from "./operation";
import { catalogSchema } from "./catalog";
import { guide } from "./guide";
import { idempotencyComponents } from "./idempotency";
import { webhooksOf } from "./webhooks";

const TAGS: Record<string, string> = {
  brands: "The brands the caller can act in",
  brand: "The brand: overview, voice, profile, contacts",
  questions: "Questions to the brand's people and their answers",
  library: "The file library: search, details, review, uploads",
  connections: "Connected accounts of other services (OAuth)",
  kit: "The brand kit: colours, fonts, logos, instructions",
  events: "What changed in a brand: events.list, and the webhooks each event type is delivered as",
  budget: "The brand's monthly AI tokens: who spent what (budget.usage)",
};

/** What a POST to an id this server does not serve can answer (docs/design.md, order of checks: steps 1 to 3). */
const UNKNOWN_ID_CODES: ErrorCode[] = ["unauthenticated", "rate_limited", "not_found", "internal", "unavailable"];

const integerHeader = (description: string) => ({ description, schema: { type: "integer", minimum: 0 } });

function build(): Record<string, unknown> {
  const baseUrl = config().APP_URL;
  const served = capabilities.filter((capability) => isServed(capability, "api"));
  const paths: Record<string, unknown> = {};
  const schemas: Record<string, unknown> = { Catalog: jsonSchema(catalogSchema, "output") };
  const codes = new Set<ErrorCode>(UNKNOWN_ID_CODES);
  for (const capability of served) {
    const { operation, schemas: own } = operationOf(capability, baseUrl);
    paths[`/api/v1/${capability.id}`] = { post: operation };
    Object.assign(schemas, own);
    for (const code of operation["x-error-codes"]) codes.add(code);
  }
  Object.assign(schemas, errorSchemas([...codes]));
  Object.assign(paths, protocolPaths());
  const { webhooks, schemas: payloads } = webhooksOf();
  Object.assign(schemas, payloads);
  const tags = [...new Set([...served.map((capability) => capability.id.split(".")[0]!), "events"])];
  return {
    openapi: "3.1.1",
    info: {
      title: "Brand Operations API",
      version: "1.0.0",
      description: guide,
      license: { name: "Proprietary", identifier: "LicenseRef-Proprietary" },
    },
    servers: [{ url: baseUrl, description: "This server (APP_URL)" }],
    security: [{ bearerKey: [] }],
    tags: [
      ...tags.map((name) => ({ name, description: TAGS[name] ?? name })),
      {
        name: "protocol",
        description: "The document itself, the catalogue, and what any other path or method answers",
      },
    ],
    paths,
    webhooks,
    components: {
      securitySchemes: {
        bearerKey: {
          type: "http",
          scheme: "bearer",
          bearerFormat: "bop_ followed by 40 base62 characters",
          description: "A personal API key; its scopes are this scheme's scopes (x-scope of each operation)",
        },
      },
      headers: {
        "X-Request-Id": {
          description: "The caller's request id echoed, or a new one; equals error.requestId",
          required: true,
          schema: { type: "string" },
        },
        "RateLimit-Limit": integerHeader("Calls allowed per key per minute"),
        "RateLimit-Remaining": integerHeader("Calls left now"),
        "RateLimit-Reset": integerHeader("Seconds until the bucket is full again"),
        "Retry-After": {
          description: "Seconds to wait before retrying",
          required: true,
          schema: { type: "integer", minimum: 1 },
        },
        ...idempotencyComponents.headers,
      },
      parameters: idempotencyComponents.parameters,
      schemas,
    },
  };
}

/** The paths that are not capabilities: this document, the catalogue, unknown ids and other methods. */
function protocolPaths(): Record<string, unknown> {
  const json = (description: string, schema: unknown) => ({ description, content: { "application/json": { schema } } });
  const notAllowed = (method: string) => ({
    operationId: `notAllowed${method}`,
    summary: `${method.toUpperCase()}: not allowed`,
    description: "Only POST calls a capability.",
    tags: ["protocol"],
    security: [],
    responses: {
      "405": {
        description: "Method not allowed; empty body",
        headers: {
          Allow: { description: "Always POST", required: true, schema: { type: "string", const: "POST" } },
          "X-Request-Id": { $ref: "#/components/headers/X-Request-Id" },
        },
      },
    },
  });
  const unknown = {
    operationId: "unknownCapability",
    summary: "An id this server does not serve",
    description:
      "Any capability id without its own path here (unknown, not implemented, or not served by CAPABILITY_ROLLOUT) is not_found, once the key is checked.",
    tags: ["protocol"],
    requestBody: { required: false, content: { "application/json": { schema: {} } } },
    responses: errorResponses(UNKNOWN_ID_CODES),
  };
  return {
    "/api/v1/openapi.json": {
      get: {
        operationId: "openapi",
        summary: "This document",
        tags: ["protocol"],
        security: [],
        responses: { "200": json("The OpenAPI 3.1 document", { type: "object" }) },
      },
    },
    "/api/v1/catalog.json": {
      get: {
        operationId: "catalog",
        summary: "Every capability with its status, doors, scope and role",
        tags: ["protocol"],
        security: [],
        responses: { "200": json("The catalogue", { $ref: "#/components/schemas/Catalog" }) },
      },
    },
    "/api/v1/{capability}": {
      parameters: [
        {
          name: "capability",
          in: "path",
          required: true,
          description: "The capability id",
          schema: { type: "string" },
        },
      ],
      post: unknown,
      ...Object.fromEntries(
        ["get", "put", "patch", "delete", "options", "head"].map((method) => [method, notAllowed(method)]),
      ),
    },
  };
}

let cached: Record<string, unknown> | undefined;

export function openApiDocument(): Record<string, unknown> {
  cached ??= build();
  return cached;
}
