// The PostgreSQL world of `npm run bench`'s cost curve (bench-postgres.ts): BENCH-1 (its admin,
// a key of all scopes, a kit) made through the admin commands, then 9,999 more brands and the
// library grown in place with set-based INSERT … SELECT over generate_series (one statement per
// 100,000 rows, never a call per row). BENCH-1, the brand measured, holds one file in ten; the
// other brands share the rest. Names, kinds and statuses in bench-world.ts's proportions.
import { randomUUID } from "node:crypto";
import pg from "pg";
import { resetConfigForTests } from "../../lib/config";

export const BRANDS = 10_000;
const WORDS = [
  "coffee",
  "beans",
  "latte",
  "espresso",
  "menu",
  "poster",
  "summer",
  "winter",
  "shop",
  "barista",
  "cup",
  "roast",
  "team",
  "banner",
  "story",
  "promo",
  "mug",
  "brunch",
  "terrace",
  "sign",
];
const KINDS = [
  ["image", "image/jpeg", "photos", "jpg"],
  ["image", "image/png", "social", "png"],
  ["video", "video/mp4", "video", "mp4"],
  ["document", "application/pdf", "menus", "pdf"],
  ["logo", "image/svg+xml", "logos", "svg"],
  ["audio", "audio/mpeg", "jingles", "mp3"],
  ["font", "font/woff2", "fonts", "woff2"],
];
const array = (values: string[]) => `ARRAY[${values.map((value) => `'${value}'`).join(",")}]`;
const kind = (field: number) => `(${array(KINDS.map((k) => k[field]!))})[1 + k]`;

export type PgWorld = { key: string; brandId: string; client: pg.Client };

/** BENCH-1 with its admin, key and kit, the other brands, and 300 open questions in BENCH-1 (plus 3 in each other brand). */
export async function pgWorld(url: string): Promise<PgWorld> {
  Object.assign(process.env, { DATABASE_URL: url });
  resetConfigForTests();
  const { db, closeDb } = await import("../../lib/db/client");
  const { addMember, createBrand, createKey, createUser } = await import("../../lib/admin/commands");
  const owner = await createUser(db(), { email: "bench@bench.example", name: "Bench" });
  const brand = await createBrand(db(), { name: "Bench Brand", shortId: "BENCH-1", plan: "enterprise" });
  await addMember(db(), { brand: brand.shortId, email: "bench@bench.example", role: "admin" });
  const { key } = await createKey(db(), { email: "bench@bench.example", scopes: "all" });
  await db().kitColor.createMany({
    data: ["#112233", "#445566", "#778899", "#AABBCC", "#DDEEFF"].map((hex, i) => ({
      id: randomUUID(),
      brandId: brand.id,
      name: `Colour ${i}`,
      hex,
      role: "accent",
    })),
  });
  await db().kitInstruction.create({ data: { brandId: brand.id, section: "general", text: "Keep it simple." } });
  await closeDb();
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  await client.query(
    `INSERT INTO "Brand" ("id", "shortId", "shortIdKey", "name", "status") SELECT 'bench-brand-' || n, 'BENCH-' || n, 'bench-' || n, 'Brand ' || n, 'active' FROM generate_series(2, ${BRANDS}) n`,
  );
  const questions = (
    brandId: string,
    count: number,
  ) => `INSERT INTO "Question" ("id", "brandId", "key", "question", "scope", "options", "askedById", "createdAt", "updatedAt")
    SELECT gen_random_uuid()::text, ${brandId}, 'seed.' || i, 'Seeded?', 'genome', '[]'::jsonb, '${owner.id}', now() - random() * interval '30 days', now() FROM generate_series(1, ${count}) i`;
  await client.query(questions(`'${brand.id}'`, 300));
  await client.query(`INSERT INTO "Question" ("id", "brandId", "key", "question", "scope", "options", "createdAt", "updatedAt")
    SELECT gen_random_uuid()::text, 'bench-brand-' || (2 + i % ${BRANDS - 1}), 'seed.' || i, 'Seeded?', 'genome', '[]'::jsonb, now(), now() FROM generate_series(1, ${3 * (BRANDS - 1)}) i`);
  return { key, brandId: brand.id, client };
}

/** Grows the library to `to` files (from `from`), then refreshes the planner's statistics. */
export async function growLibrary(world: PgWorld, from: number, to: number): Promise<void> {
  // words, kind and status drawn at random per file (not from the file's number, which would tie
  // them to the brand: every tenth number is BENCH-1's)
  const word = `(${array(WORDS)})[1 + floor(random() * ${WORDS.length})::int]`;
  for (let start = from; start < to; start += 100_000) {
    const end = Math.min(to, start + 100_000);
    await world.client.query(`INSERT INTO "Asset" ("id", "brandId", "name", "nameKey", "category", "categoryKey", "mimeType", "type", "status", "sizeBytes", "storageKey", "createdAt")
      SELECT gen_random_uuid()::text, CASE WHEN i % 10 = 0 THEN '${world.brandId}' ELSE 'bench-brand-' || (2 + i % ${BRANDS - 1}) END,
        name || ${kind(3)}, lower(name || ${kind(3)}), ${kind(2)}, ${kind(2)}, ${kind(1)}, ${kind(0)},
        CASE WHEN r < 0.8 THEN 'approved' WHEN r < 0.95 THEN 'proposed' ELSE 'archived' END,
        100000, 'bench/' || gen_random_uuid(), now() - random() * interval '365 days'
      FROM (SELECT i, ${word} || ' ' || ${word} || ' ' || i || '.' AS name, floor(random() * ${KINDS.length})::int AS k, random() AS r
            FROM generate_series(${start}, ${end - 1}) i) AS drawn`);
  }
  await world.client.query(`VACUUM ANALYZE "Asset"`);
}
