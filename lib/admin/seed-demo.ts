// Demo data for a newcomer's first start: a brand with a reviewed genome, a kit, open questions,
// an admin who can sign in and an API key, so the README's curl example and the sign-in page work
// right away. Runs once: only on a database without any brand.
import { randomUUID } from "node:crypto";
import { writeFileSync } from "node:fs";
import path from "node:path";
import type { PrismaClient } from "../db/generated/client";
import { addMember, createBrand, createKey, createUser } from "./commands";
import { randomBase62 } from "../crypto";
import { makePrivateDir, PRIVATE_FILE_MODE } from "../private-files";
import { DEMO_BRAND, DEMO_IDS } from "../contract/demo-brand";
import { storage as configuredStorage, type Storage } from "../storage";
import { newStorageKey } from "../storage/keys";

export const DEMO_KEY_FILE = path.resolve("data/demo-key.txt");
export const DEMO_EMAIL = "ada@northwind.example";
export const DEMO_SIGN_IN_FILE = path.resolve("data/demo-sign-in.txt");

export async function seedDemo(
  db: PrismaClient,
): Promise<{ shortId: string; key: string; email: string; password: string } | undefined> {
  if ((await db.brand.count()) > 0) return undefined;
  // generated, never a fixed demo password: the first start prints it once
  const password = randomBase62(16);
  const { shortId, key } = await seedDemoBrand(db, password);
  makePrivateDir(path.dirname(DEMO_KEY_FILE));
  writeFileSync(DEMO_KEY_FILE, `${key}\n`, { mode: PRIVATE_FILE_MODE });
  writeFileSync(DEMO_SIGN_IN_FILE, `${DEMO_EMAIL}\n${password}\n`, { mode: PRIVATE_FILE_MODE });
  return { shortId, key, email: DEMO_EMAIL, password };
}

/**
 * The demo brand's people, genome, kit and questions, and Ada's all-scope key. Exported for the
 * test that runs the OpenAPI document's examples against it; at most once per database (fixed ids).
 */
export async function seedDemoBrand(
  db: PrismaClient,
  password: string,
  storage: Storage = configuredStorage(),
): Promise<{ shortId: string; key: string }> {
  const admin = await createUser(db, { email: DEMO_EMAIL, name: "Ada Lovelace", password });
  const viewer = await createUser(db, { email: "vic@northwind.example", name: "Vic Viewer" });
  const { id: brandId, shortId } = await createBrand(db, {
    name: "Northwind Coffee",
    shortId: DEMO_BRAND,
    plan: "pro",
    managerId: admin.id,
  });
  await addMember(db, { brand: shortId, email: "ada@northwind.example", role: "admin" });
  await addMember(db, { brand: shortId, email: "vic@northwind.example", role: "viewer" });
  // team.list lists the oldest member first: Ada joined a second before Vic, never in the same
  // millisecond, so the OpenAPI examples name Vic as the list's second person on every run
  await db.membership.update({
    where: { brandId_userId: { brandId, userId: admin.id } },
    data: { createdAt: new Date(Date.now() - 1000) },
  });
  void viewer;

  await db.genome.update({
    where: { brandId },
    data: { countryCode: "FR", city: "Lyon", organizationType: "shop", primaryLanguage: "fr" },
  });
  const entries: [kind: string, value: string, reviewed: boolean][] = [
    ["voice", "Warm, plain-spoken and curious: we talk about coffee the way a friend at the counter would.", true],
    ["guardrail", "Never promise health benefits.", true],
    ["guardrail", "Name the farm when we name a coffee.", true],
    ["vocabulary_use", "roasted this week", true],
    ["vocabulary_use", "our growers", true],
    ["vocabulary_avoid", "artisanal", true],
    ["archetype", "caregiver", true],
    ["archetype", "explorer", true],
    ["voice", "Unreviewed suggestion: sound more luxurious.", false], // never reaches brand.soul.read
  ];
  await db.genomeEntry.createMany({
    data: entries.map(([kind, value, reviewed], position) => ({
      id: randomUUID(),
      brandId,
      kind,
      value,
      status: reviewed ? "approved" : "proposed",
      position,
    })),
  });

  const { colors: colorIds, questions: questionIds } = DEMO_IDS;
  const colors = [
    [colorIds.espresso, "Espresso", "#3B2418", "primary"],
    [colorIds.crema, "Crema", "#F3E5D0", "background"],
    [colorIds.leaf, "Leaf", "#2F7D4F", "accent"],
  ];
  await db.kitColor.createMany({
    // a second apart, so the kit lists them in this order
    data: colors.map(([id, name, hex, role], i) => ({
      id: id!,
      brandId,
      name: name!,
      hex: hex!,
      role: role!,
      createdAt: new Date(Date.now() + i * 1000 - 10_000),
    })),
  });
  await db.kitTypography.createMany({
    data: [
      { id: randomUUID(), brandId, family: "Fraunces", role: "heading", weights: ["600", "800"], position: 0 },
      { id: randomUUID(), brandId, family: "Inter", role: "body", weights: ["400", "600"], position: 1 },
    ],
  });
  await db.kitInstruction.createMany({
    data: [
      { brandId, section: "colors", text: "Espresso on Crema for text; Leaf only for calls to action." },
      { brandId, section: "general", text: "Photographs of real people and real cups, never stock imagery." },
    ],
  });

  const asked = new Date(Date.now() - 3 * 86_400_000);
  await db.question.createMany({
    data: [
      {
        id: questionIds.tagline,
        brandId,
        key: "brand.tagline",
        question: "What is your tagline?",
        scope: "genome",
        options: ["Roasted this week", "From our growers to your cup"],
        createdAt: asked,
      },
      {
        id: questionIds.darkLogo,
        brandId,
        key: "kit.logo.dark",
        question: "Do you have a logo for dark backgrounds?",
        scope: "brand_kit",
        options: ["Yes, I will upload it", "No, please propose one"],
        createdAt: new Date(asked.getTime() + 1000),
      },
      {
        id: questionIds.launchDate,
        brandId,
        key: "work.launch.date",
        question: "When does the winter blend launch?",
        scope: "work",
        options: [],
        status: "deferred",
        createdAt: new Date(asked.getTime() + 2000),
      },
    ],
  });
  await seedDemoLogo(db, storage, brandId, admin.id);
  await db.work.create({ data: { id: randomUUID(), brandId, title: "Winter blend launch", status: "active" } });
  await db.task.create({ data: { id: randomUUID(), brandId, title: "Review the launch post", status: "pending" } });

  const { key } = await createKey(db, { email: "ada@northwind.example", scopes: "all", name: "demo key" });
  return { shortId, key };
}

/** A 1×1 PNG in the kit's Espresso: small, and a real image, so the file checks read it as one. */
export const DEMO_LOGO_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAIAAACQd1PeAAAADElEQVR4nGOwVpEAAAEVAHjvOnVBAAAAAElFTkSuQmCC",
  "base64",
);
export const DEMO_LOGO_NAME = "Northwind Coffee logo";

/**
 * An approved logo in the library, so `library.search` for logos (the OpenAPI example "logos")
 * finds on a fresh demo brand the file its answer shows. The bytes are stored before the row that
 * points at them: a failed write leaves no file the library lists without bytes.
 */
async function seedDemoLogo(db: PrismaClient, storage: Storage, brandId: string, adminId: string) {
  const storageKey = newStorageKey(brandId);
  await storage.put(storageKey, DEMO_LOGO_PNG, "image/png");
  const at = new Date();
  await db.asset.create({
    data: {
      id: randomUUID(),
      brandId,
      name: DEMO_LOGO_NAME,
      nameKey: DEMO_LOGO_NAME.toLowerCase(),
      category: "logo",
      categoryKey: "logo",
      mimeType: "image/png",
      type: "logo",
      status: "approved",
      sizeBytes: BigInt(DEMO_LOGO_PNG.byteLength),
      storageKey,
      createdById: adminId,
      reviewedById: adminId,
      reviewedAt: at,
      createdAt: at,
    },
  });
}
