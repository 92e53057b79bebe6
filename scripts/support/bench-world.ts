// The databases the benchmarks measure on: a brand with a realistic kit, and around it as many
// brands, people and keys (each person a member of one brand, with a key of all scopes) and as
// many library files as the run asks for, so figures do not hold only for an empty database.
import { randomUUID } from "node:crypto";
import path from "node:path";
import Database from "better-sqlite3";
import { migrate } from "../../lib/db/migrate";
import { resetConfigForTests } from "../../lib/config";

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
  { type: "image", mimeType: "image/jpeg", category: "photos", ext: "jpg" },
  { type: "image", mimeType: "image/png", category: "social", ext: "png" },
  { type: "video", mimeType: "video/mp4", category: "video", ext: "mp4" },
  { type: "document", mimeType: "application/pdf", category: "menus", ext: "pdf" },
  { type: "logo", mimeType: "image/svg+xml", category: "logos", ext: "svg" },
  { type: "audio", mimeType: "audio/mpeg", category: "jingles", ext: "mp3" },
  { type: "font", mimeType: "font/woff2", category: "fonts", ext: "woff2" },
];

export type BenchWorld = {
  env: Record<string, string>;
  file: string;
  /** BENCH-1's admin key */
  key: string;
  /** one key per person, with the brand the person is a member of */
  keys: { key: string; brand: string }[];
};

/**
 * A migrated SQLite database in `dir`: BENCH-1 with its kit and `files` files, its admin
 * bench@bench.example (signing in with `password` when given), and `brands` brands with `people`
 * people in all.
 */
export async function benchWorld(
  dir: string,
  options: { brands?: number; people?: number; files?: number; password?: string } = {},
): Promise<BenchWorld> {
  const file = path.join(dir, "bench.db");
  const env = {
    DATABASE_URL: `file:${file}`,
    APP_SECRET: Buffer.from(randomUUID() + randomUUID()).toString("base64url"),
    SEED_DEMO: "0",
    STORAGE_DIR: path.join(dir, "files"),
    // measure the pipeline, not the limiter refusing calls
    RATE_LIMIT_PER_MINUTE: "1000000000",
  };
  Object.assign(process.env, env);
  resetConfigForTests();
  migrate(env.DATABASE_URL);
  const { db, closeDb } = await import("../../lib/db/client");
  const { addMember, createBrand, createKey, createUser } = await import("../../lib/admin/commands");
  await createUser(db(), { email: "bench@bench.example", name: "Bench", password: options.password });
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
  await db().kitTypography.create({
    data: { id: randomUUID(), brandId: brand.id, family: "Inter", role: "body", weights: ["400", "700"] },
  });
  await db().kitInstruction.create({ data: { brandId: brand.id, section: "general", text: "Keep it simple." } });

  const keys: BenchWorld["keys"] = [];
  const brands = [brand.shortId];
  for (let b = 2; b <= (options.brands ?? 1); b++)
    brands.push((await createBrand(db(), { name: `Brand ${b}`, shortId: `BENCH-${b}` })).shortId);
  for (let p = 0; p < (options.people ?? 0); p++) {
    const email = `person-${p}@bench.example`;
    const shortId = brands[p % brands.length]!;
    await createUser(db(), { email, name: `Person ${p}` });
    await addMember(db(), { brand: shortId, email, role: ["viewer", "member", "admin"][p % 3]! });
    keys.push({ key: (await createKey(db(), { email, scopes: "all" })).key, brand: shortId });
  }
  await closeDb();
  if (options.files) seedLibrary(file, brand.id, options.files);
  return { env, file, key, keys };
}

/** `size` files in the brand's library: 80% approved, 15% proposed, 5% archived, names of common words. */
export function seedLibrary(file: string, brandId: string, size: number): void {
  const sqlite = new Database(file);
  const insert = sqlite.prepare(
    `INSERT INTO "Asset" ("id", "brandId", "name", "nameKey", "category", "categoryKey", "mimeType", "type", "status", "sizeBytes", "storageKey", "createdAt") VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const yearAgo = Date.now() - 365 * 86400_000;
  sqlite.transaction(() => {
    for (let i = 0; i < size; i++) {
      const kind = KINDS[i % KINDS.length]!;
      const name = `${WORDS[i % WORDS.length]} ${WORDS[(i * 7 + 3) % WORDS.length]} ${i}.${kind.ext}`;
      const status = i % 20 < 16 ? "approved" : i % 20 < 19 ? "proposed" : "archived";
      // the same timestamp format Prisma writes on SQLite
      const createdAt = new Date(yearAgo + Math.floor(Math.random() * 365 * 86400_000))
        .toISOString()
        .replace("Z", "+00:00");
      insert.run(
        randomUUID(),
        brandId,
        name,
        name.toLowerCase(),
        kind.category,
        kind.category,
        kind.mimeType,
        kind.type,
        status,
        100_000,
        `brands/${brandId}/${randomUUID()}`,
        createdAt,
      );
    }
  })();
  sqlite.close();
}
