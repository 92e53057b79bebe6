// The brand as MCP resources: for every brand the caller may read, its kit, its voice
// and its usage instructions at brand://{shortId}/kit|voice|instructions, each read as JSON (the
// capability's own data) and as Markdown. Nothing is authorized here: the list asks brands.list and
// the capabilities' declared scope and minimum role, and every read is one pipeline call of the
// capability behind it (kit.read, brand.soul.read), so a read answers exactly what the API would.
// A URI the caller may not read (another brand, a missing scope, no such brand) is the same
// "Resource not found" as a URI that names nothing: no existence oracle across brands.
import { randomUUID } from "node:crypto";
import {
  ProtocolError,
  ProtocolErrorCode,
  ResourceNotFoundError,
  ResourceTemplate,
  type McpServer,
  type ReadResourceResult,
  type ServerContext,
} from "@modelcontextprotocol/server";
import { type CapabilityId, findCapability } from "../capabilities/registry";
import { invoke } from "../core/invoke";
import { hasScope } from "../core/access";
import { isServed } from "../core/rollout";
import { roleMeets } from "../contract/roles";
import { credentialOf, type McpCaller } from "./auth";
import { instructionsMarkdown, kitMarkdown, voiceMarkdown } from "./brand-markdown";

export type CallerFor = (ctx: ServerContext) => McpCaller;

type Part = {
  capabilityId: CapabilityId;
  input: Record<string, unknown>;
  title: string;
  description: string;
  markdown: (brandName: string, data: never) => string;
};

export const BRAND_PARTS = {
  kit: {
    capabilityId: "kit.read",
    input: { parts: ["colors", "typography", "logos"] },
    title: "brand kit",
    description: "Approved colours with their role and contrast, typography and approved logos (kit.read).",
    markdown: kitMarkdown,
  },
  voice: {
    capabilityId: "brand.soul.read",
    input: {},
    title: "brand voice",
    description: "The voice, guardrails, words to use and to avoid, from reviewed brand knowledge (brand.soul.read).",
    markdown: voiceMarkdown,
  },
  instructions: {
    capabilityId: "kit.read",
    input: { parts: ["instructions"] },
    title: "usage instructions",
    description: "How to use the logos, colours, typography and imagery, section by section (kit.read).",
    markdown: instructionsMarkdown,
  },
} satisfies Record<string, Part>;

export type BrandPart = keyof typeof BRAND_PARTS;
export const PART_NAMES = Object.keys(BRAND_PARTS) as BrandPart[];

export const brandUri = (shortId: string, part: BrandPart) => `brand://${shortId}/${part}`;

// a staff member may read every brand: the list stops here (the URIs of the rest still read)
const MAX_LISTED_BRANDS = 200;

type ReadableBrand = { shortId: string; name: string; role: "viewer" | "member" | "admin" | null };

async function run(caller: McpCaller, capabilityId: CapabilityId, value: Record<string, unknown>) {
  const { result } = await invoke({
    door: "mcp",
    credential: credentialOf(caller),
    capabilityId,
    body: { ok: true, value },
    requestId: randomUUID(),
  });
  return result;
}

/** The brands brands.list gives this caller, open ones only, up to MAX_LISTED_BRANDS. */
export async function readableBrands(caller: McpCaller): Promise<ReadableBrand[]> {
  const brands: ReadableBrand[] = [];
  let cursor: string | null = null;
  do {
    const result = await run(caller, "brands.list", { limit: 50, ...(cursor ? { cursor } : {}) });
    if (!result.ok) throw new ProtocolError(ProtocolErrorCode.InternalError, result.error.message);
    const page = result.data as { items: (ReadableBrand & { status: string })[]; nextCursor: string | null };
    for (const { shortId, name, role, status } of page.items)
      if (status !== "closed") brands.push({ shortId, name, role });
    cursor = page.nextCursor;
  } while (cursor && brands.length < MAX_LISTED_BRANDS);
  return brands.slice(0, MAX_LISTED_BRANDS);
}

/** Whether the capability behind a part is served here and the key's scopes and this role allow it (as the pipeline checks). */
function mayList(caller: McpCaller, part: BrandPart, role: ReadableBrand["role"]): boolean {
  const capability = findCapability(BRAND_PARTS[part].capabilityId);
  if (!capability || !isServed(capability, "mcp") || !hasScope(caller.actor, capability)) return false;
  // staff act as admins (role null)
  return role === null || roleMeets(role, capability.minRole);
}

// the pipeline's answers that mean "not yours to read"; anything else is a real failure
const NOT_READABLE = new Set(["forbidden", "not_found", "insufficient_scope", "validation_failed", "invalid_input"]);

/** One part of one brand through the pipeline: its data, or undefined when the caller may not read it. */
export async function readPart(
  caller: McpCaller,
  shortId: string,
  part: BrandPart,
): Promise<{ data: Record<string, unknown> } | undefined> {
  const { capabilityId, input } = BRAND_PARTS[part];
  const result = await run(caller, capabilityId, { brand: shortId, ...input });
  if (result.ok) return { data: result.data };
  if (NOT_READABLE.has(result.error.code)) return undefined;
  throw new ProtocolError(ProtocolErrorCode.InternalError, result.error.message);
}

/** The brand's name as brands.list gives it to this caller (its genome's display name first). */
async function brandName(caller: McpCaller, shortId: string): Promise<string> {
  const brands = await readableBrands(caller);
  return brands.find((brand) => brand.shortId.toLowerCase() === shortId.toLowerCase())?.name ?? shortId;
}

/** Both renderings of a readable part, or undefined. */
export async function partContents(caller: McpCaller, shortId: string, part: BrandPart) {
  const read = await readPart(caller, shortId, part);
  if (!read) return undefined;
  const uri = brandUri(shortId, part);
  const markdown = (BRAND_PARTS[part].markdown as (name: string, data: unknown) => string)(
    await brandName(caller, shortId),
    read.data,
  );
  return {
    json: { uri, mimeType: "application/json", text: JSON.stringify(read.data) },
    markdown: { uri, mimeType: "text/markdown", text: markdown },
  };
}

export function registerBrandResources(server: McpServer, callerFor: CallerFor): void {
  // resources/list asks every template's list with the same request context: brands.list once per request
  const listed = new WeakMap<object, Promise<ReadableBrand[]>>();
  const brandsOf = (ctx: ServerContext) => {
    let brands = listed.get(ctx);
    if (!brands) {
      brands = readableBrands(callerFor(ctx));
      listed.set(ctx, brands);
    }
    return brands;
  };
  for (const part of PART_NAMES) {
    const { title, description } = BRAND_PARTS[part];
    server.registerResource(
      `brand ${part}`,
      new ResourceTemplate(`brand://{shortId}/${part}`, {
        list: async (ctx) => {
          const caller = callerFor(ctx);
          const brands = (await brandsOf(ctx)).filter((brand) => mayList(caller, part, brand.role));
          return {
            resources: brands.map((brand) => ({
              uri: brandUri(brand.shortId, part),
              name: `${brand.shortId} ${part}`,
              title: `${brand.name}: ${title}`,
              description,
              mimeType: "application/json",
            })),
          };
        },
      }),
      {
        title: `A brand's ${title}`,
        description: `${description} JSON, then the same as Markdown.`,
        mimeType: "application/json",
      },
      async (uri, variables, ctx): Promise<ReadResourceResult> => {
        const shortId = typeof variables.shortId === "string" ? variables.shortId : "";
        const contents = shortId ? await partContents(callerFor(ctx), shortId, part) : undefined;
        if (!contents) throw new ResourceNotFoundError(uri.toString());
        return { contents: [contents.json, contents.markdown] };
      },
    );
  }
}

// writes outside the kit.* and genome.* areas after which a brand's resources read differently
const CHANGING_WRITES: readonly CapabilityId[] = ["brand.profile.update", "questions.answer"];

/** Writes after which a brand's resources read differently (their list's titles, or what they hold). */
export function changesBrandResources(capabilityId: string): boolean {
  const capability = findCapability(capabilityId);
  if (capability?.kind !== "write") return false;
  return /^(kit|genome)\./.test(capabilityId) || CHANGING_WRITES.some((id) => id === capabilityId);
}
