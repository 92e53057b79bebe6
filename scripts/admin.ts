// Operator CLI: npm run admin -- <command>. One JSON object on stdout and exit 0, or a message
// on stderr and exit 1 (docs/design.md, the admin CLI). It reads the same DATABASE_URL as the server.
import { parseArgs } from "node:util";
import { closeDb, db } from "../lib/db/client";
import { migrateDatabase } from "../lib/db/migrate";
import { config } from "../lib/config";
import {
  addMember,
  CommandError,
  createBrand,
  createKey,
  createUser,
  removeMember,
  revokeKey,
  setBrandStatus,
  setPassword,
} from "../lib/admin/commands";

const USAGE = `usage: npm run admin -- <command>
  user create --email E --name N [--staff] [--password P]   (P - reads the password from stdin)
  user password --email E --password P   (sets or replaces it; ends the person's sessions)
  brand create --name N --short-id S [--plan P]
  brand status --brand S --status active|closed|archived
  member add --brand S --email E --role viewer|member|admin
  member remove --brand S --email E
  key create --email E --scopes a,b|all [--brands S1,S2] [--expires-at ISO] [--name N] [--confirm-by person|caller]
  key revoke --id ID`;

const { positionals, values } = parseArgs({
  allowPositionals: true,
  options: {
    email: { type: "string" },
    name: { type: "string" },
    staff: { type: "boolean" },
    password: { type: "string" },
    "short-id": { type: "string" },
    plan: { type: "string" },
    brand: { type: "string" },
    status: { type: "string" },
    role: { type: "string" },
    scopes: { type: "string" },
    brands: { type: "string" },
    "expires-at": { type: "string" },
    "confirm-by": { type: "string" },
    id: { type: "string" },
  },
});

function need(name: keyof typeof values): string {
  const value = values[name];
  if (typeof value !== "string" || value === "") throw new CommandError(`--${name} is required\n${USAGE}`);
  return value;
}

/** `--password -` reads it from stdin, so it stays out of the shell history and the process list. */
async function passwordOption(): Promise<string | undefined> {
  if (values.password !== "-") return values.password;
  let text = "";
  for await (const chunk of process.stdin) text += chunk;
  return text.replace(/\r?\n$/, "");
}

async function run(): Promise<object> {
  const client = db();
  switch (positionals.join(" ")) {
    case "user create":
      return createUser(client, {
        email: need("email"),
        name: need("name"),
        staff: values.staff,
        password: await passwordOption(),
      });
    case "user password":
      return setPassword(client, { email: need("email"), password: (await passwordOption()) ?? need("password") });
    case "brand create":
      return createBrand(client, { name: need("name"), shortId: need("short-id"), plan: values.plan });
    case "brand status":
      return setBrandStatus(client, { brand: need("brand"), status: need("status") });
    case "member add":
      return addMember(client, { brand: need("brand"), email: need("email"), role: need("role") });
    case "member remove":
      return removeMember(client, { brand: need("brand"), email: need("email") });
    case "key create":
      return createKey(client, {
        email: need("email"),
        scopes: need("scopes"),
        brands: values.brands,
        expiresAt: values["expires-at"],
        name: values.name,
        confirmBy: values["confirm-by"],
      });
    case "key revoke":
      return revokeKey(client, { id: need("id") });
    default:
      throw new CommandError(`unknown command "${positionals.join(" ")}"\n${USAGE}`);
  }
}

try {
  await migrateDatabase(config().DATABASE_URL); // the CLI may be the first thing run on a fresh machine
  process.stdout.write(`${JSON.stringify(await run())}\n`);
  await closeDb();
} catch (error) {
  process.stderr.write(`${error instanceof CommandError ? error.message : String(error)}\n`);
  process.exitCode = 1;
  await closeDb().catch(() => {});
}
