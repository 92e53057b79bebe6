// The limit reference of `npm run bench`, not product code: the doors' work for the
// benchmarked calls written directly on node:http + better-sqlite3, to say what this machine can do
// for them. Per request it does what the door does: read and parse the JSON body, check the bearer
// key (SHA-256, revoked/expired), the key's rate limit (the service's own in-memory store), the
// key's scope and brands, the brand and the person's role in it, the input (the capability's own
// strict zod schema), the reads, the output check (the capability's output schema), and the answer
// in the door's shape. No audit, log line or framework.
//   POST /api/v1/kit.read        the four kit reads with WCAG contrast, `{ ok, data }`
//   POST /api/v1/library.search  the capability's own search (its SQL, on a prepared-statement reader)
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { kitRead } from "../../lib/capabilities/kit/read";
import { contrast } from "../../lib/capabilities/kit/shared/color";
import { librarySearch } from "../../lib/capabilities/library/search";
import { sha256 } from "../../lib/crypto";
import { plannedOnce, sqliteReader } from "../../lib/db/sql";
import { MemoryRateLimitStore } from "../../lib/core/rate-limit";

type KeyRow = {
  id: string;
  scopes: string;
  brandIds: string | null;
  expiresAt: string | number | null;
  revokedAt: string | number | null;
  userId: string;
};
type Brand = { id: string; status: string; role: string };
class Refusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string,
  ) {
    super(code);
  }
}

export async function startReferenceServer(file: string): Promise<{ url: string; stop(): Promise<void> }> {
  const db = new Database(file, { readonly: true });
  const search = sqliteReader(file);
  // each statement planned once, as the door's reader plans them (lib/db/sql.ts says why)
  const prepare = (sql: string) => db.prepare(plannedOnce(sql));
  const key = prepare(
    `SELECT "id", "scopes", "brandIds", "expiresAt", "revokedAt", "userId" FROM "ApiKey" WHERE "hash" = ?`,
  );
  // subqueries rather than joins, as the door's reads (lib/db/sql.ts says why)
  const brand = prepare(
    `SELECT b."id", b."status", (SELECT m."role" FROM "Membership" m WHERE m."brandId" = b."id" AND m."userId" = ?) AS "role" FROM "Brand" b WHERE b."shortIdKey" = ?`,
  );
  const colors = prepare(
    `SELECT "id", "name", "hex", "role" FROM "KitColor" WHERE "brandId" = ? AND "approved" = TRUE ORDER BY "createdAt", "id"`,
  );
  const typography = prepare(
    `SELECT "id", "family", "role", "weights" FROM "KitTypography" WHERE "brandId" = ? ORDER BY "position", "id"`,
  );
  const logos = prepare(`SELECT l."assetId", l."name", l."form", l."theme", l."primary" FROM "KitLogo" l
    WHERE l."brandId" = ? AND EXISTS (SELECT 1 FROM "Asset" a WHERE a."id" = l."assetId" AND a."brandId" = l."brandId" AND a."status" = 'approved') ORDER BY l."position", l."id"`);
  const instructions = prepare(`SELECT "section", "text" FROM "KitInstruction" WHERE "brandId" = ?`);

  const rate = new MemoryRateLimitStore();
  const perMinute = Number(process.env.RATE_LIMIT_PER_MINUTE ?? 120);

  /** The key, its rate, its scope and brands, the brand and the person's membership. */
  async function access(request: IncomingMessage, scope: string, shortId: unknown): Promise<Brand> {
    const bearer = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? "");
    const row = bearer ? (key.get(sha256(bearer[1]!)) as KeyRow | undefined) : undefined;
    if (!row || row.revokedAt !== null || (row.expiresAt !== null && new Date(row.expiresAt) <= new Date()))
      throw new Refusal(401, "unauthenticated");
    if (!(await rate.hit(row.id, perMinute, Date.now())).allowed) throw new Refusal(429, "rate_limited");
    if (!(JSON.parse(row.scopes) as string[]).includes(scope)) throw new Refusal(403, "insufficient_scope");
    if (typeof shortId !== "string") throw new Refusal(422, "invalid_input");
    const found = brand.get(row.userId, shortId.toLowerCase()) as Brand | undefined;
    const allowed = row.brandIds === null || (JSON.parse(row.brandIds) as string[]).includes(found?.id ?? "");
    if (!found || !allowed || !found.role) throw new Refusal(403, "forbidden");
    return found;
  }

  function kit(brandId: string) {
    return kitRead.output.parse({
      colors: (colors.all(brandId) as { id: string; name: string; hex: string; role: string }[]).map(
        ({ id, name, hex, role: use }) => ({ id, name, hex, role: use, contrast: contrast(hex) }),
      ),
      typography: (typography.all(brandId) as { id: string; family: string; role: string; weights: string }[]).map(
        ({ id, family, role: use, weights }) => ({ id, family, role: use, weights: JSON.parse(weights) as string[] }),
      ),
      logos: (logos.all(brandId) as { primary: number }[]).map((logo) => ({ ...logo, primary: logo.primary === 1 })),
      instructions: Object.fromEntries(
        (instructions.all(brandId) as { section: string; text: string }[]).map(({ section, text }) => [section, text]),
      ),
    });
  }

  function input<T>(schema: { safeParse(value: unknown): { success: boolean; data?: T } }, rest: unknown): T {
    const parsed = schema.safeParse(rest);
    if (!parsed.success) throw new Refusal(422, "invalid_input");
    return parsed.data!;
  }

  const routes: Record<
    string,
    (request: IncomingMessage, body: Record<string, unknown>) => Promise<{ status: number; type: string; text: string }>
  > = {
    "/api/v1/kit.read": async (request, { brand: shortId, ...rest }) => {
      const found = await access(request, "kit.read", shortId);
      input(kitRead.input, rest);
      return { status: 200, type: "application/json", text: JSON.stringify({ ok: true, data: kit(found.id) }) };
    },
    "/api/v1/library.search": async (request, { brand: shortId, ...rest }) => {
      const found = await access(request, "library.read", shortId);
      const parsed = input(librarySearch.input, rest);
      const ctx = { sql: search, door: "api", role: found.role, brand: { id: found.id } };
      const data = librarySearch.output.parse(await librarySearch.execute!(ctx as never, parsed as never));
      return { status: 200, type: "application/json", text: JSON.stringify({ ok: true, data }) };
    },
  };

  let saidDefect = false;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", async () => {
      const send = (status: number, type: string, text: string) => {
        response.writeHead(status, { "Content-Type": type, "Content-Length": Buffer.byteLength(text) });
        response.end(text);
      };
      try {
        const route = routes[request.url ?? ""];
        if (!route) throw new Refusal(404, "not_found");
        let body: Record<string, unknown>;
        try {
          body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
        } catch {
          throw new Refusal(422, "invalid_input");
        }
        const answer = await route(request, body);
        send(answer.status, answer.type, answer.text);
      } catch (error) {
        // a defect of the reference (a schema it no longer matches) is said once, not hidden in a status
        if (!(error instanceof Refusal) && !saidDefect) (saidDefect = true), console.error("[reference]", error);
        const { status, code } = error instanceof Refusal ? error : { status: 500, code: "internal" };
        send(status, "application/json", JSON.stringify({ ok: false, error: { code, message: code } }));
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => (db.close(), resolve()))),
  };
}
