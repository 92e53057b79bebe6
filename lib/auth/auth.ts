// People sign in with better-auth (e-mail and password) on our own Prisma client and tables.
// Public sign-up is off: people are created by the operator CLI (lib/admin/people.ts), which
// hashes with better-auth's own scrypt hasher, so both sides agree on the stored format.
import "server-only";
import { randomUUID } from "node:crypto";
import { betterAuth } from "better-auth";
import { prismaAdapter } from "better-auth/adapters/prisma";
import { config } from "../config";
import { hmac } from "../core/crypto";
import { db } from "../db/client";

export const SESSION_DAYS = 7;

/** The adapter speaks the same database as the rest of the service. */
export function databaseProvider(url: string): "sqlite" | "postgresql" {
  return /^postgres(ql)?:/i.test(url) ? "postgresql" : "sqlite";
}

function createAuth() {
  const settings = config();
  return betterAuth({
    appName: "Brand Operations",
    baseURL: settings.APP_URL,
    basePath: "/api/auth",
    // its own key, derived from APP_SECRET: rotating one rotates both, without sharing the raw secret
    secret: hmac(settings.APP_SECRET, "better-auth", "session-secret"),
    trustedOrigins: [settings.APP_URL],
    database: prismaAdapter(db(), { provider: databaseProvider(settings.DATABASE_URL), transaction: true }),
    telemetry: { enabled: false },
    emailAndPassword: { enabled: true, disableSignUp: true, minPasswordLength: 8, maxPasswordLength: 128 },
    session: { modelName: "authSession", expiresIn: SESSION_DAYS * 86_400, updateAge: 86_400 },
    account: { modelName: "authAccount" },
    verification: { modelName: "authVerification" },
    user: { fields: { image: "avatarUrl" } },
    rateLimit: {
      enabled: true,
      storage: "memory",
      window: 60,
      max: 100,
      // per client address (X-Forwarded-For, else the socket address; see README)
      customRules: { "/sign-in/email": { window: 60, max: settings.SIGN_IN_PER_MINUTE } },
    },
    advanced: {
      database: { generateId: () => randomUUID() },
      // Secure follows APP_URL: https in production, plain http on a developer's machine
      useSecureCookies: settings.APP_URL.startsWith("https://"),
      defaultCookieAttributes: { httpOnly: true, sameSite: "lax", path: "/" },
    },
  });
}

type Auth = ReturnType<typeof createAuth>;
const globalForAuth = globalThis as unknown as { brandOpsAuth?: { key: string; auth: Auth } };

/** Built on first use, not at import: `next build` imports routes without a database. */
export function auth(): Auth {
  const settings = config();
  const key = `${settings.DATABASE_URL}|${settings.APP_URL}`;
  if (globalForAuth.brandOpsAuth?.key !== key) globalForAuth.brandOpsAuth = { key, auth: createAuth() };
  return globalForAuth.brandOpsAuth.auth;
}
