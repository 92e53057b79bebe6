// The limit reference of `npm run bench` (issue 16), not product code: kit.read's work written
// directly on node:http + better-sqlite3, to say what this machine can do for the call. Per request
// it does what the API door does for kit.read: read and parse the JSON body, check the bearer key
// (SHA-256, revoked/expired), the key's scope and brands, the brand and the person's role in it,
// the input (the capability's own strict zod schema), the four kit reads with WCAG contrast, and
// the `{ ok, data }` envelope. No rate limit, no audit, no log line, no framework.
import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import Database from "better-sqlite3";
import { kitRead } from "../../lib/capabilities/kit/read";
import { contrast } from "../../lib/capabilities/kit/color";
import { sha256 } from "../../lib/core/crypto";

type KeyRow = { id: string; scopes: string; brandIds: string | null; expiresAt: string | number | null; revokedAt: string | number | null; userId: string };

export async function startReferenceKitServer(file: string): Promise<{ url: string; stop(): Promise<void> }> {
  const db = new Database(file, { readonly: true });
  const key = db.prepare(`SELECT "id", "scopes", "brandIds", "expiresAt", "revokedAt", "userId" FROM "ApiKey" WHERE "hash" = ?`);
  const brand = db.prepare(`SELECT "id", "status" FROM "Brand" WHERE "shortIdKey" = ?`);
  const role = db.prepare(`SELECT "role" FROM "Membership" WHERE "brandId" = ? AND "userId" = ?`);
  const colors = db.prepare(`SELECT "name", "hex", "role" FROM "KitColor" WHERE "brandId" = ? AND "approved" = TRUE ORDER BY "createdAt", "id"`);
  const typography = db.prepare(`SELECT "family", "role", "weights" FROM "KitTypography" WHERE "brandId" = ? ORDER BY "position", "id"`);
  const logos = db.prepare(`SELECT l."assetId", l."name", l."form", l."theme", l."primary" FROM "KitLogo" l
    JOIN "Asset" a ON a."id" = l."assetId" AND a."brandId" = l."brandId" AND a."status" = 'approved' WHERE l."brandId" = ? ORDER BY l."position", l."id"`);
  const instructions = db.prepare(`SELECT "section", "text" FROM "KitInstruction" WHERE "brandId" = ?`);

  const fail = (code: string) => JSON.stringify({ ok: false, error: { code, message: code } });
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const send = (status: number, body: string) => {
        response.writeHead(status, { "Content-Type": "application/json" });
        response.end(body);
      };
      const bearer = /^Bearer +(\S+) *$/i.exec(request.headers.authorization ?? "");
      const row = bearer ? (key.get(sha256(bearer[1]!)) as KeyRow | undefined) : undefined;
      if (!row || row.revokedAt !== null || (row.expiresAt !== null && new Date(row.expiresAt) <= new Date())) return send(401, fail("unauthenticated"));
      if (!(JSON.parse(row.scopes) as string[]).includes("kit.read")) return send(403, fail("insufficient_scope"));
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(Buffer.concat(chunks).toString("utf8")) as Record<string, unknown>;
      } catch {
        return send(422, fail("invalid_input"));
      }
      const { brand: shortId, ...rest } = body;
      const parsed = kitRead.input.safeParse(rest);
      if (!parsed.success || typeof shortId !== "string") return send(422, fail("invalid_input"));
      const found = brand.get(shortId.toLowerCase()) as { id: string; status: string } | undefined;
      const allowed = row.brandIds === null || (JSON.parse(row.brandIds) as string[]).includes(found?.id ?? "");
      const member = found && allowed ? (role.get(found.id, row.userId) as { role: string } | undefined) : undefined;
      if (!found || !member) return send(404, fail("not_found"));
      const data = {
        colors: (colors.all(found.id) as { name: string; hex: string; role: string }[]).map(({ name, hex, role: use }) => ({ name, hex, role: use, contrast: contrast(hex) })),
        typography: (typography.all(found.id) as { family: string; role: string; weights: string }[]).map(({ family, role: use, weights }) => ({ family, role: use, weights: JSON.parse(weights) as string[] })),
        logos: (logos.all(found.id) as { primary: number }[]).map((logo) => ({ ...logo, primary: logo.primary === 1 })),
        instructions: Object.fromEntries((instructions.all(found.id) as { section: string; text: string }[]).map(({ section, text }) => [section, text])),
      };
      send(200, JSON.stringify({ ok: true, data: kitRead.output.parse(data) }));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    stop: () => new Promise((resolve) => server.close(() => (db.close(), resolve()))),
  };
}
