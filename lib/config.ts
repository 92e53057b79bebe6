// Configuration, validated once: a wrong setting fails fast with a sentence naming it.
import { z } from "zod";
import { loadOrCreateSecret } from "./secret";

const schema = z.object({
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  APP_URL: z.url().optional(),
  DATABASE_URL: z.string().min(1).default("file:./data/app.db"),
  APP_SECRET: z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
  STORAGE_DIR: z.string().min(1).default("./data/files"),
  REDIS_URL: z.string().optional(),
  RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
  CAPABILITY_ROLLOUT: z.enum(["all", "available"]).default("all"),
  SEED_DEMO: z.enum(["0", "1"]).default("1"),
});

export type Config = Omit<z.infer<typeof schema>, "APP_SECRET" | "APP_URL"> & {
  APP_SECRET: string;
  APP_URL: string;
};

let cached: Config | undefined;

export function config(): Config {
  if (cached) return cached;
  const parsed = schema.safeParse(process.env);
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    throw new Error(`Invalid configuration: ${issue.path.join(".")}: ${issue.message}`);
  }
  const env = parsed.data;
  cached = {
    ...env,
    APP_URL: (env.APP_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ""),
    APP_SECRET: env.APP_SECRET ?? loadOrCreateSecret(),
  };
  return cached;
}

/** Tests change the environment between cases; they call this to re-read it. */
export function resetConfigForTests(): void {
  cached = undefined;
}
