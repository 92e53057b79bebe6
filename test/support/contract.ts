// Contract check: every API-door response a test receives must be declared by the served OpenAPI
// document (status declared for that operation, required headers present, body valid against its
// schema, or empty where no body is declared). A violation throws, so the test that met it fails.
import { Ajv2020 } from "ajv/dist/2020.js";
import addFormats from "ajv-formats";
import type { ValidateFunction } from "ajv";
import { inject } from "vitest";

type Json = Record<string, any>;
type Loaded = { document: Json; ajv: Ajv2020; compiled: Map<string, ValidateFunction> };

let loading: Promise<Loaded> | undefined;

/** The document this server serves, loaded once per test worker. */
export function servedDocument(): Promise<Json> {
  return load().then((loaded) => loaded.document);
}

function load(): Promise<Loaded> {
  loading ??= (async () => {
    const response = await fetch(`${inject("baseUrl")}/api/v1/openapi.json`);
    if (response.status !== 200) throw new Error(`GET /api/v1/openapi.json answered ${response.status}`);
    const document = (await response.json()) as Json;
    const ajv = new Ajv2020({ strict: false, allErrors: true });
    (addFormats as unknown as (ajv: Ajv2020) => void)(ajv);
    // component schemas under one id, so response schemas can $ref them from anywhere
    ajv.addSchema({ $id: "components", $defs: rewrite(document.components.schemas) });
    return { document, ajv, compiled: new Map() };
  })();
  return loading;
}

/** `#/components/schemas/X` → `components#/$defs/X` */
function rewrite(value: unknown): any {
  if (Array.isArray(value)) return value.map(rewrite);
  if (!value || typeof value !== "object") return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, inner]) =>
      key === "$ref" && typeof inner === "string"
        ? [key, inner.replace("#/components/schemas/", "components#/$defs/")]
        : [key, rewrite(inner)],
    ),
  );
}

type HeaderBag = Headers | Record<string, string | string[] | undefined>;
const header = (headers: HeaderBag, name: string) =>
  headers instanceof Headers ? headers.get(name) : ((headers[name.toLowerCase()] as string | undefined) ?? null);

/**
 * Checks one response of `METHOD /api/v1/<capability>`. The operation is the one of the
 * capability's own path, or, for an id or method it does not define, the one of /api/v1/{capability}.
 */
export async function assertContract(
  method: string,
  capability: string,
  status: number,
  headers: HeaderBag,
  text: string,
): Promise<void> {
  const { document, ajv, compiled } = await load();
  const verb = method.toLowerCase();
  const own = document.paths[`/api/v1/${capability}`]?.[verb];
  const operationPath = own ? `/api/v1/${capability}` : "/api/v1/{capability}";
  const operation = own ?? document.paths["/api/v1/{capability}"]?.[verb];
  const where = `${method.toUpperCase()} /api/v1/${capability} → ${status}`;
  const fail = (problem: string) => {
    throw new Error(`Contract violation (${where}): ${problem}\nbody: ${text.slice(0, 500)}`);
  };
  if (!operation) return fail(`no operation for ${verb} in the document`);
  const declared = operation.responses?.[String(status)];
  if (!declared)
    return fail(
      `status ${status} is not declared for ${verb} ${operationPath} (declared: ${Object.keys(operation.responses).join(", ")})`,
    );
  for (const [name, definition] of Object.entries<Json>(declared.headers ?? {})) {
    const resolved = definition.$ref ? document.components.headers[definition.$ref.split("/").pop()] : definition;
    if (resolved.required && header(headers, name) === null) fail(`required header ${name} is missing`);
  }
  const schema = declared.content?.["application/json"]?.schema;
  if (!schema) {
    if (text !== "") fail("a body was sent where the document declares none");
    return;
  }
  if (!/^application\/json/.test(header(headers, "content-type") ?? ""))
    fail(`content-type ${header(headers, "content-type")} is not application/json`);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    return fail("the body is not JSON");
  }
  const key = `${operationPath} ${verb} ${status}`;
  let validate = compiled.get(key);
  if (!validate) {
    validate = ajv.compile(rewrite(schema));
    compiled.set(key, validate);
  }
  if (!validate(body)) fail(`body does not match the schema: ${ajv.errorsText(validate.errors, { separator: "; " })}`);
}

/**
 * Checks one webhook body (an event's envelope, lib/events/envelope.ts) against the served
 * document's `webhooks` entry for its type: the schema integrators generate their receivers from.
 */
export async function assertWebhookBody(body: Json): Promise<void> {
  const { document, ajv, compiled } = await load();
  const type = String(body.type);
  const schema = document.webhooks?.[type]?.post?.requestBody?.content?.["application/json"]?.schema;
  if (!schema) throw new Error(`Contract violation: the document has no webhook ${type}`);
  const key = `webhook ${type}`;
  if (!compiled.has(key)) compiled.set(key, ajv.compile(rewrite(schema)));
  const validate = compiled.get(key)!;
  const text = JSON.stringify(body).slice(0, 500);
  if (!validate(body))
    throw new Error(`Contract violation (webhook ${type}): ${ajv.errorsText(validate.errors)}\nbody: ${text}`);
}
