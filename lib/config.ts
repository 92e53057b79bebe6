// Configuration, validated once: a wrong setting fails fast with a sentence naming it.
import { isIP } from "node:net";
import { z } from "zod";
import { loadOrCreateSecret } from "./secret";
import { trustedProxyList } from "./http/client-address";

/** An empty variable (S3_BUCKET=) counts as unset. */
function unsetIfEmpty<T extends z.ZodType>(inner: T) {
  return z.preprocess((value) => (value === "" ? undefined : value), inner.optional());
}

/** A comma-separated list of host names (an origin URL is reduced to its host name): "" is none. */
function hostList(name: string) {
  const hostname = /^(\[[0-9a-f:.]+\]|[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*)$/i;
  return z
    .string()
    .default("")
    .transform((value) =>
      value
        .split(",")
        .map((item) => item.trim())
        .filter(Boolean)
        .map((item) => (/^[a-z][a-z0-9+.-]*:\/\//i.test(item) ? new URL(item).hostname : item).toLowerCase()),
    )
    .refine(
      (items) => items.every((item) => hostname.test(item)),
      `${name} must be host names separated by commas, such as app.example.com,[::1]`,
    );
}

/** A whole number within bounds, refused with one sentence naming the setting and its range. */
function wholeNumber(name: string, min: number, max: number, fallback: number) {
  const rule = `${name} must be a whole number from ${min} to ${max}, such as ${fallback}`;
  return z.coerce.number(rule).int(rule).min(min, rule).max(max, rule).default(fallback);
}

const schema = z
  .object({
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    // the address `npm start` listens on: loopback, so a laptop's service is not on its network until
    // asked (0.0.0.0 or :: for every interface: several instances, containers)
    HOST: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z
        .string()
        .default("127.0.0.1")
        .refine(
          (value) =>
            isIP(value) !== 0 ||
            /^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?(\.[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?)*$/i.test(value),
          "HOST must be an address to listen on, such as 127.0.0.1 (this machine only), ::1, 0.0.0.0 or :: (every interface)",
        ),
    ),
    APP_URL: z.url().optional(),
    DATABASE_URL: z.string().min(1).default("file:./data/app.db"),
    APP_SECRET: z.string().min(32, "APP_SECRET must be at least 32 characters").optional(),
    STORAGE_DIR: z.string().min(1).default("./data/files"),
    // S3_BUCKET selects S3-compatible storage instead of STORAGE_DIR (docs/operators.md, Storage)
    S3_BUCKET: unsetIfEmpty(
      z
        .string()
        .regex(
          /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
          "S3_BUCKET must be an S3 bucket name (3-63 lower-case letters, digits, dots, hyphens)",
        ),
    ),
    S3_ENDPOINT: unsetIfEmpty(z.url("S3_ENDPOINT must be a URL such as http://127.0.0.1:9000")),
    S3_REGION: unsetIfEmpty(z.string().max(40)),
    S3_ACCESS_KEY_ID: unsetIfEmpty(z.string()),
    S3_SECRET_ACCESS_KEY: unsetIfEmpty(z.string()),
    S3_FORCE_PATH_STYLE: unsetIfEmpty(z.enum(["0", "1"], "S3_FORCE_PATH_STYLE must be 0 or 1")),
    // REDIS_URL shares rate limits between instances (lib/redis.ts); unset keeps them in-process
    REDIS_URL: unsetIfEmpty(
      z
        .string()
        .regex(/^rediss?:\/\/\S+$/, "REDIS_URL must be a redis:// or rediss:// URL such as redis://127.0.0.1:6379"),
    ),
    RATE_LIMIT_PER_MINUTE: z.coerce.number().int().min(1).default(600),
    // info logs one line per call; warn keeps only problems (lib/log.ts)
    LOG_LEVEL: unsetIfEmpty(
      z.enum(
        ["fatal", "error", "warn", "info", "debug", "trace", "silent"],
        "LOG_LEVEL must be one of fatal, error, warn, info, debug, trace, silent",
      ),
    ),
    // how long SIGTERM waits for in-flight requests before exiting anyway (lib/ops/shutdown.ts)
    SHUTDOWN_TIMEOUT_SECONDS: z.coerce.number().int().min(1).max(3600).default(25),
    // how often each instance runs its background work (lib/ops/background.ts): the upload sweep and
    // the provider revocations still to retry
    BACKGROUND_INTERVAL_SECONDS: z.coerce.number().int().min(1).max(3600).default(60),
    // the first wait before a failed provider revocation is tried again; it doubles each time (up to
    // six hours) until REVOCATION_MAX_ATTEMPTS (lib/connections/revocation-outbox.ts)
    REVOCATION_RETRY_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
    REVOCATION_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(100).default(12),
    // sign-in attempts per client address per minute (better-auth's limiter, lib/auth/auth.ts)
    SIGN_IN_PER_MINUTE: z.coerce.number().int().min(1).default(10),
    // sign-in attempts per account per minute from browsers that never signed in to it (lib/auth/sign-in-limits.ts)
    SIGN_IN_ACCOUNT_PER_MINUTE: z.coerce.number().int().min(1).default(20),
    // proxies in front of the service whose X-Forwarded-For is believed (lib/http/client-address.ts):
    // addresses or CIDR ranges, comma separated; unset believes no forwarding header
    TRUSTED_PROXIES: z
      .string()
      .default("")
      .transform((value) =>
        value
          .split(",")
          .map((item) => item.trim())
          .filter(Boolean),
      )
      .superRefine((entries, issues) => {
        const bad = entries.find((entry) => "invalid" in trustedProxyList([entry]));
        if (bad)
          issues.addIssue({
            code: "custom",
            message: `TRUSTED_PROXIES must be IP addresses or CIDR ranges separated by commas, such as 10.0.0.0/8,127.0.0.1; "${bad}" is neither`,
          });
      }),
    // the MCP door's DNS-rebinding protection (lib/mcp/origin.ts): more browser origins and
    // Host names it accepts beside APP_URL's own (host names, comma separated)
    MCP_ALLOWED_ORIGINS: hostList("MCP_ALLOWED_ORIGINS"),
    MCP_ALLOWED_HOSTS: hostList("MCP_ALLOWED_HOSTS"),
    // MCP OAuth (lib/oauth): how long an access token lives, and, for tests only, Client ID Metadata
    // Documents on plain-http loopback URLs (a local document server has no certificate)
    OAUTH_ACCESS_TOKEN_SECONDS: z.coerce.number().int().min(60).max(86_400).default(3600),
    // open client registrations (RFC 7591) per client address per minute
    OAUTH_REGISTRATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(10),
    // authorization requests, and token and revocation requests, per client address per minute (the plugin's defaults for the first two)
    OAUTH_AUTHORIZATIONS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(30),
    OAUTH_TOKENS_PER_MINUTE: z.coerce.number().int().min(1).max(1_000_000).default(20),
    OAUTH_CIMD_ALLOW_LOOPBACK: z
      .enum(["0", "1"])
      .default("0")
      .transform((value) => value === "1"),
    // webhooks (lib/webhooks): development and tests only, http:// receivers on loopback (127.0.0.1,
    // localhost, ::1); never in production, where a receiver must be https:// on a public address
    WEBHOOKS_ALLOW_LOOPBACK: z
      .enum(["0", "1"])
      .default("0")
      .transform((value) => value === "1"),
    // how often each instance's delivery worker looks for deliveries due
    WEBHOOKS_POLL_MS: z.coerce.number().int().min(50).max(60_000).default(1000),
    // one attempt's whole bound (connect, send, response); the connection alone gets at most 5 s
    WEBHOOKS_TIMEOUT_SECONDS: z.coerce.number().min(0.2).max(60).default(15),
    // endpoints one instance sends to at the same time (each endpoint has one attempt in flight)
    WEBHOOKS_CONCURRENCY: z.coerce.number().int().min(1).max(256).default(16),
    // tests only: the retry schedule's waits multiplied by this (1e-5 runs three days in about 3 s)
    WEBHOOKS_RETRY_SCALE: z.coerce.number().gt(0).max(1).default(1),
    // endpoints a brand may have (webhooks.create refuses past it); each event is one delivery per
    // subscribed endpoint, so this bounds what one write can fan out to. A brand that had more keeps them
    WEBHOOKS_ENDPOINTS_PER_BRAND: z.coerce
      .number()
      .int("WEBHOOKS_ENDPOINTS_PER_BRAND must be a whole number from 1 to 1000, such as 20")
      .min(1, "WEBHOOKS_ENDPOINTS_PER_BRAND must be a whole number from 1 to 1000, such as 20")
      .max(1000, "WEBHOOKS_ENDPOINTS_PER_BRAND must be a whole number from 1 to 1000, such as 20")
      .default(20),
    CAPABILITY_ROLLOUT: z.enum(["all", "available"]).default("all"),
    // the MCP door's fast path (lib/mcp/quick.ts): on, the common stateless requests are answered
    // by instances connected once, about twice the throughput of the SDK's own handler; off, the
    // SDK serves every request (docs/contributors.md, "Two ways MCP is served")
    MCP_FAST_PATH: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(["on", "off"], "MCP_FAST_PATH must be on or off").default("on"),
    ),
    SEED_DEMO: z.enum(["0", "1"]).default("1"),
    // the assistant's model: OpenAI, or any OpenAI-compatible server by its base URL
    OPENAI_API_KEY: unsetIfEmpty(z.string()),
    OPENAI_BASE_URL: unsetIfEmpty(z.url("OPENAI_BASE_URL must be a URL such as http://127.0.0.1:11434/v1")),
    ASSISTANT_MODEL: unsetIfEmpty(z.string().max(200)),
    // tools in OpenAI's strict shape (lib/advertise/strict.ts): auto = on for OpenAI's own API (no
    // OPENAI_BASE_URL, or one on api.openai.com), off for other OpenAI-compatible servers
    ASSISTANT_STRICT_TOOLS: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(["auto", "on", "off"], "ASSISTANT_STRICT_TOOLS must be auto, on or off").default("auto"),
    ),
    // tokens set aside for each model call before it is made (lib/assistant/budget.ts)
    AI_RESERVE_TOKENS: z.coerce.number().int().min(1).max(1_000_000).default(4000),
    // how long a write's Idempotency-Key stays claimed by a call that stopped renewing it (a killed
    // instance) before a retry may run it again (lib/core/idempotent-store.ts); a running call renews
    // it every third of this, however long it takes
    IDEMPOTENCY_LEASE_SECONDS: z.coerce.number().int().min(1).max(3600).default(10),
    // how long a write whose credential waits for its person (confirmBy "person") stays waiting
    PERSON_CONFIRMATION_HOURS: z.coerce.number().int().min(1).max(720).default(24),
    // how long a conversation nobody touched is kept (lib/conversations, swept by the background loop)
    CONVERSATION_RETENTION_DAYS: z.coerce.number().int().min(1).max(36_500).default(365),
    // how long events are kept for events.list and webhook deliveries (lib/events, swept by the background loop)
    EVENT_RETENTION_DAYS: z.coerce.number().int().min(1).max(3650).default(30),
    // how long the audit trail (activity.list) is kept (lib/core/audit-retention.ts): at least a day,
    // the undo window (an undo reads the entry of the write it takes back)
    AUDIT_RETENTION_DAYS: z.coerce
      .number("AUDIT_RETENTION_DAYS must be a whole number of days, such as 365")
      .int("AUDIT_RETENTION_DAYS must be a whole number of days, such as 365")
      .min(1, "AUDIT_RETENTION_DAYS must be at least 1: entries are kept as long as a write can be undone")
      .max(36_500, "AUDIT_RETENTION_DAYS must be at most 36500 (100 years)")
      .default(365),
    // the Voice door (lib/voice/setup.ts): realtime speech-to-speech, or turns through any OpenAI-compatible server
    VOICE_MODE: unsetIfEmpty(z.enum(["realtime", "turns", "off"], "VOICE_MODE must be realtime, turns or off")),
    REALTIME_MODEL: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.string().max(200).default("gpt-realtime"),
    ),
    REALTIME_BASE_URL: unsetIfEmpty(z.url("REALTIME_BASE_URL must be a URL such as https://api.openai.com/v1")),
    REALTIME_TRANSPORT: z.preprocess(
      (value) => (value === "" ? undefined : value),
      z.enum(["webrtc", "websocket"], "REALTIME_TRANSPORT must be webrtc or websocket").default("webrtc"),
    ),
    REALTIME_VOICE: unsetIfEmpty(z.string().max(60)),
    // a realtime voice session (lib/voice/reservation.ts): the tokens reserved for it when it is
    // minted (the most its browser's reports can charge), and how long its reports are taken
    VOICE_SESSION_TOKENS: z.coerce.number().int().min(1).max(10_000_000).default(50_000),
    VOICE_SESSION_MINUTES: z.coerce.number().int().min(1).max(240).default(30),
    // realtime voice sessions one person may start per hour (lib/voice/session.ts): each start
    // reserves VOICE_SESSION_TOKENS, so starts in a loop cannot sweep the brand's month
    VOICE_SESSIONS_PER_HOUR: wholeNumber("VOICE_SESSIONS_PER_HOUR", 1, 10_000, 20),
    // the most one person may spend of a brand's monthly AI tokens, in percent (lib/assistant/person-share.ts):
    // past it their chat and voice get 402 person_share while the others still can; 100 turns the bound off
    AI_PERSON_SHARE_PERCENT: wholeNumber("AI_PERSON_SHARE_PERCENT", 1, 100, 50),
    // how long a write can be undone (activity.undo); AUDIT_RETENTION_DAYS keeps entries longer
    UNDO_WINDOW_HOURS: wholeNumber("UNDO_WINDOW_HOURS", 1, 24 * 365, 24),
    VOICE_TRANSCRIPTION_MODEL: unsetIfEmpty(z.string().max(200)),
    VOICE_SPEECH_MODEL: unsetIfEmpty(z.string().max(200)),
    // e-mail (lib/mail): team invitations, and a link to "Waiting for you" when a write waits for its
    // person; the SMTP server, smtp:// or smtps://, with its user and password in the URL; unset, no
    // mail is sent (admins copy an invitation's link, people find waiting writes by the header's badge)
    SMTP_URL: unsetIfEmpty(
      z
        .string()
        .regex(
          /^smtps?:\/\/\S+$/,
          "SMTP_URL must be an smtp:// or smtps:// URL such as smtps://user:password@smtp.example.com:465",
        ),
    ),
    // the sender of those e-mails: an address, or a name and an address
    MAIL_FROM: unsetIfEmpty(
      z
        .string()
        .max(200)
        .regex(
          /^([^<>@\s][^<>@]*<[^<>@\s]+@[^<>@\s]+>|[^<>@\s]+@[^<>@\s]+)$/,
          'MAIL_FROM must be an e-mail address, or a name and one, such as "Brand Operations <team@example.com>"',
        ),
    ),
  })
  .superRefine((env, issues) => {
    const s3Settings = (
      ["S3_ENDPOINT", "S3_REGION", "S3_ACCESS_KEY_ID", "S3_SECRET_ACCESS_KEY", "S3_FORCE_PATH_STYLE"] as const
    ).filter((name) => env[name] !== undefined);
    if (!env.S3_BUCKET && s3Settings.length > 0) {
      issues.addIssue({
        code: "custom",
        path: [s3Settings[0]!],
        message: `${s3Settings[0]} is set but S3_BUCKET is not; set S3_BUCKET to store files in S3, or unset ${s3Settings[0]}`,
      });
    }
    if ((env.S3_ACCESS_KEY_ID === undefined) !== (env.S3_SECRET_ACCESS_KEY === undefined)) {
      issues.addIssue({
        code: "custom",
        path: ["S3_SECRET_ACCESS_KEY"],
        message: "S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together: set both or neither",
      });
    }
    // another server has no default model name to fall back on
    // realtime sessions are minted with the server's own key, never handed to the browser
    if (env.VOICE_MODE === "realtime" && !env.OPENAI_API_KEY) {
      issues.addIssue({
        code: "custom",
        path: ["VOICE_MODE"],
        message:
          "VOICE_MODE=realtime needs OPENAI_API_KEY (the server mints each session's short-lived secret with it)",
      });
    }
    if (env.VOICE_MODE === "turns" && !env.OPENAI_API_KEY && !env.OPENAI_BASE_URL) {
      issues.addIssue({
        code: "custom",
        path: ["VOICE_MODE"],
        message: "VOICE_MODE=turns needs a model: OPENAI_API_KEY, or OPENAI_BASE_URL and ASSISTANT_MODEL",
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      issues.addIssue({
        code: "custom",
        path: ["MAIL_FROM"],
        message: "SMTP_URL is set but MAIL_FROM is not; name the sender, such as team@example.com",
      });
    }
    if (env.OPENAI_BASE_URL && !env.ASSISTANT_MODEL) {
      issues.addIssue({
        code: "custom",
        path: ["ASSISTANT_MODEL"],
        message: "OPENAI_BASE_URL is set but ASSISTANT_MODEL is not; name the model that server should run",
      });
    }
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
