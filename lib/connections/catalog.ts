// The provider catalog: the built-in providers (available once their OAuth client is configured)
// plus the extra OAuth 2 providers of CONNECTION_PROVIDERS_FILE. Validated once, at start
// (instrumentation.ts, scripts/prepare.ts): a wrong entry stops the service with a sentence
// naming the entry and the field.
import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";
import { BUILT_IN_PROVIDERS, type Provider } from "./providers";

export type CatalogEntry = { provider: string; name: string; available: boolean; client?: Provider };

export type Catalog = {
  entries: readonly CatalogEntry[];
  /** a provider a brand may connect now: in the catalog and configured */
  available(provider: string): Provider | undefined;
};

type Env = Record<string, string | undefined>;

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

// Tokens and client secrets travel to these endpoints: https, except on this machine (tests, a
// local provider).
const endpoint = z.url().refine((value) => {
  if (!URL.canParse(value)) return true; // z.url() has said so already
  const url = new URL(value);
  return url.protocol === "https:" || (url.protocol === "http:" && LOOPBACK.has(url.hostname));
}, "must be an https URL (http only on localhost)");

const fileEntry = z
  .object({
    provider: z
      .string()
      .regex(
        /^[a-z0-9][a-z0-9_.-]{0,59}$/,
        "must be 1 to 60 characters of a-z, 0-9, '_', '.', '-', starting with a letter or digit",
      ),
    name: z.string().trim().min(1).max(120),
    authorizationUrl: endpoint,
    tokenUrl: endpoint,
    revocationUrl: endpoint.optional(),
    clientId: z.string().min(1),
    clientSecret: z.string().min(1),
    scopes: z.array(z.string().regex(/^[\x21-\x7e]+$/, "a scope is printable ASCII without spaces")).max(100),
    // optional, for providers that differ from plain RFC 6749
    scopeSeparator: z.enum([" ", ","]).default(" "),
    clientAuth: z.enum(["basic", "post"]).default("basic"),
    clientIdParam: z
      .string()
      .regex(/^[a-z_]+$/)
      .default("client_id"),
    authorizationParams: z.record(z.string(), z.string()).default({}),
    userinfoUrl: endpoint.optional(),
    accountField: z.string().min(1).max(200).optional(),
  })
  .strict();

const fileSchema = z.array(z.unknown());

let cached: { fingerprint: string; catalog: Catalog } | undefined;

/** The catalog for the current environment, read and validated once. */
export function providerCatalog(env: Env = process.env): Catalog {
  const fingerprint = JSON.stringify(relevantEnv(env));
  if (cached?.fingerprint !== fingerprint) cached = { fingerprint, catalog: buildCatalog(env) };
  return cached.catalog;
}

function relevantEnv(env: Env) {
  const names = [
    "CONNECTION_PROVIDERS_FILE",
    ...BUILT_IN_PROVIDERS.flatMap((p) => [`${p.envPrefix}_CLIENT_ID`, `${p.envPrefix}_CLIENT_SECRET`]),
  ];
  return names.map((name) => [name, env[name] ?? ""]);
}

function buildCatalog(env: Env): Catalog {
  const entries = new Map<string, CatalogEntry>();
  for (const { envPrefix, ...endpoints } of BUILT_IN_PROVIDERS) {
    const clientId = env[`${envPrefix}_CLIENT_ID`]?.trim() || undefined;
    const clientSecret = env[`${envPrefix}_CLIENT_SECRET`]?.trim() || undefined;
    if (Boolean(clientId) !== Boolean(clientSecret)) {
      const [set, unset] = clientId ? ["CLIENT_ID", "CLIENT_SECRET"] : ["CLIENT_SECRET", "CLIENT_ID"];
      throw new Error(
        `Invalid configuration: ${envPrefix}_${set} is set but ${envPrefix}_${unset} is not; set both to offer ${endpoints.name}, or neither`,
      );
    }
    const client = clientId && clientSecret ? { ...endpoints, clientId, clientSecret } : undefined;
    entries.set(endpoints.provider, {
      provider: endpoints.provider,
      name: endpoints.name,
      available: Boolean(client),
      client,
    });
  }
  // a file entry with a built-in key replaces the built-in (another endpoint, a proxy, a test server)
  for (const client of readProvidersFile(env.CONNECTION_PROVIDERS_FILE)) {
    entries.set(client.provider, { provider: client.provider, name: client.name, available: true, client });
  }
  const list = [...entries.values()];
  return {
    entries: list,
    available: (provider) => entries.get(provider)?.client,
  };
}

function readProvidersFile(file: string | undefined): Provider[] {
  if (!file?.trim()) return [];
  const where = `CONNECTION_PROVIDERS_FILE (${path.resolve(file)})`;
  let text: string;
  try {
    text = readFileSync(file, "utf8");
  } catch (error) {
    throw new Error(`Invalid configuration: ${where} cannot be read: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new Error(`Invalid configuration: ${where} is not valid JSON: ${(error as Error).message}`);
  }
  const list = fileSchema.safeParse(json);
  if (!list.success) throw new Error(`Invalid configuration: ${where} must be a JSON array of providers`);
  const seen = new Set<string>();
  return list.data.map((raw, index) => {
    // counted from 1, as a person editing the file counts
    const label = `entry ${index + 1}${describeEntry(raw)}`;
    const parsed = fileEntry.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      const field = issue.path.length ? issue.path.join(".") : "(entry)";
      throw new Error(`Invalid configuration: ${where}, ${label}: ${field}: ${issue.message}`);
    }
    if (seen.has(parsed.data.provider)) {
      throw new Error(`Invalid configuration: ${where}, ${label}: provider: "${parsed.data.provider}" is listed twice`);
    }
    seen.add(parsed.data.provider);
    return parsed.data;
  });
}

function describeEntry(raw: unknown): string {
  const provider = (raw as { provider?: unknown } | null)?.provider;
  return typeof provider === "string" ? ` ("${provider.slice(0, 60)}")` : "";
}
