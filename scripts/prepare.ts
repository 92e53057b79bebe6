// Run by `npm start` before the server: validate configuration, apply migrations, seed the
// demo brand once. Its stdout is the service's log when the service runs under a supervisor, so
// the demo's secrets are printed only to a terminal; otherwise it says which 0600 files hold them.
import { config } from "../lib/config";
import { providerCatalog } from "../lib/connections/catalog";
import { closeDb, db } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate";
import { DEMO_KEY_FILE, DEMO_SIGN_IN_FILE, seedDemo } from "../lib/admin/seed-demo";

const settings = config();
providerCatalog(); // CONNECTION_PROVIDERS_FILE and the providers' OAuth clients
const applied = await migrateDatabase(settings.DATABASE_URL);
if (applied.length > 0) console.log(`[prepare] applied migrations: ${applied.join(", ")}`);
if (settings.SEED_DEMO === "1") {
  const demo = await seedDemo(db());
  if (demo && process.stdout.isTTY) {
    console.log(
      `[prepare] demo brand ${demo.shortId} created; its admin's API key (shown once, also in ${DEMO_KEY_FILE}):`,
    );
    console.log(`\n    ${demo.key}\n`);
    console.log(
      `[prepare] Sign in at ${settings.APP_URL}/sign-in as ${demo.email} with password ${demo.password} (also in ${DEMO_SIGN_IN_FILE})\n`,
    );
  } else if (demo) {
    console.log(
      `[prepare] demo brand ${demo.shortId} created; its admin's API key is in ${DEMO_KEY_FILE}, and the sign-in for ${settings.APP_URL}/sign-in (${demo.email} and a password) in ${DEMO_SIGN_IN_FILE}, both readable by this user only`,
    );
  }
}
await closeDb();
