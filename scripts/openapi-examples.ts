// Records the answers of the OpenAPI document's examples (lib/openapi/examples/recorded.json): the
// walk of lib/openapi/examples/chain.ts, run in this process through the API door's own function
// against a fresh demo brand on a temporary SQLite database, as `npm start` would serve it on
// http://localhost:3000 with a LinkedIn OAuth client configured. Run it after changing the walk or
// what a capability answers: `npm run examples:record`. test/api/openapi-examples.test.ts then
// checks a live run against the recording.
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

const scratch = mkdtempSync(path.join(tmpdir(), "bop-examples-"));
Object.assign(process.env, {
  DATABASE_URL: `file:${path.join(scratch, "app.db")}`,
  STORAGE_DIR: path.join(scratch, "files"),
  APP_URL: "http://localhost:3000",
  APP_SECRET: process.env.APP_SECRET ?? "examples-".repeat(4),
  SEED_DEMO: "0",
  LINKEDIN_CLIENT_ID: "example-client",
  LINKEDIN_CLIENT_SECRET: "example-secret",
  LOG_LEVEL: "error",
  // the walk's webhook receiver is on loopback: no network here (lib/openapi/examples/chain.ts)
  WEBHOOKS_ALLOW_LOOPBACK: "1",
});

const { migrateDatabase } = await import("../lib/db/migrate");
const { closeDb, db } = await import("../lib/db/client");
const { seedDemoBrand } = await import("../lib/admin/seed-demo");
const { handleApiCall } = await import("../lib/doors/api");
const { handleUpload } = await import("../lib/doors/files");
const { walkExamples } = await import("./support/example-walk");
const { sha256 } = await import("../lib/crypto");

try {
  await migrateDatabase(process.env.DATABASE_URL!);
  const { key } = await seedDemoBrand(db() as never, "examples-password");
  const answers = await walkExamples({
    async call(capability, body) {
      const request = new Request(`http://localhost:3000/api/v1/${capability}`, {
        method: "POST",
        headers: { authorization: `Bearer ${key}`, "content-type": "application/json" },
        body: JSON.stringify(body),
      });
      const response = await handleApiCall(request, capability);
      return { status: response.status, body: (await response.json()) as Record<string, unknown> };
    },
    async confirmBy(who) {
      await db().apiKey.update({ where: { hash: sha256(key) }, data: { confirmBy: who } });
    },
    async put(url, bytes, contentType) {
      const segments = new URL(url).pathname
        .replace(/^\/api\/files\/upload\//, "")
        .split("/")
        .map(decodeURIComponent);
      const response = await handleUpload(
        new Request(url, { method: "PUT", headers: { "content-type": contentType }, body: Buffer.from(bytes) }),
        segments,
      );
      return response.status;
    },
  });
  const recorded = Object.fromEntries([...answers].map(([name, answer]) => [name, answer]));
  const file = path.resolve("lib/openapi/examples/recorded.json");
  writeFileSync(file, `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`[examples] ${answers.size} answers recorded in ${path.relative(process.cwd(), file)}`);
  for (const [name, answer] of answers) console.log(`  ${answer.status} ${name}`);
} finally {
  await closeDb();
  rmSync(scratch, { recursive: true, force: true });
}
