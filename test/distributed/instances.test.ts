// Two `next start` instances on one PostgreSQL: what one instance promises,
// the other keeps. Private cluster and Redis; runs in both profiles where the binaries are. A
// round-robin balancer in front is their APP_URL, as in a deployment (the OAuth issuer and the MCP
// resource are that URL, whichever instance answers).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openClients, type Clients } from "../../lib/db/client";
import { migrateDatabase } from "../../lib/db/migrate";
import { startPostgres, type LocalPostgres } from "../../scripts/support/postgres";
import { startRedis, type RunningRedis } from "../../scripts/support/redis";
import { addMember, createUser } from "../../lib/admin/commands";
import { callTool, connect, signInCookie, token, useServer } from "../support/oauth-flow";
import { call } from "../support/world";
import { startBalancer, type Balancer } from "./balancer";
import { launch, plainEnv, postgresSkip, world, type Instance } from "./targets";

/** Whether the Redis-backed rate limiter (branch ops) is in this tree. */
function sourceMentions(dir: string, pattern: RegExp): boolean {
  return readdirSync(dir).some((name) => {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory())
      return name !== "generated" && name !== "generated-pg" && sourceMentions(file, pattern);
    return file.endsWith(".ts") && pattern.test(readFileSync(file, "utf8"));
  });
}
const redisLimiter = existsSync("lib") && sourceMentions("lib", /RateLimiterRedis|SharedRateLimitStore/);

describe.skipIf(postgresSkip)(
  `two instances on one PostgreSQL${postgresSkip ? ` (skipped: ${postgresSkip})` : ""}`,
  () => {
    let cluster: LocalPostgres;
    let redis: RunningRedis;
    let clients: Clients;
    let a: Instance;
    let b: Instance;
    let balancer: Balancer;
    const dir = mkdtempSync(path.join(tmpdir(), "brand-ops-instances-"));

    beforeAll(async () => {
      cluster = await startPostgres();
      redis = await startRedis();
      const databaseUrl = await cluster.createDatabase("shared");
      await migrateDatabase(databaseUrl);
      clients = openClients(databaseUrl);
      balancer = await startBalancer();
      // one storage folder, one secret, one database, one Redis, one public URL: what a load balancer's instances share
      const env = plainEnv({
        DATABASE_URL: databaseUrl,
        STORAGE_DIR: path.join(dir, "files"),
        REDIS_URL: redis.url,
        RATE_LIMIT_PER_MINUTE: "5",
        APP_URL: balancer.url,
      });
      [a, b] = await Promise.all([launch(env), launch(env)]);
      balancer.targets = [a.url, b.url];
      useServer(balancer.url);
    });
    afterAll(async () => {
      await balancer?.close();
      await Promise.all([a?.stop(), b?.stop()]);
      await clients?.close();
      await Promise.all([cluster?.destroy(), redis?.stop()]);
      rmSync(dir, { recursive: true, force: true });
    });

    it("a confirmation token issued by one is accepted once by the other, then refused", async () => {
      const w = await world({ clients });
      const body = { brand: w.brand.shortId, name: "Shared", hex: "#0A9396", role: "accent" };
      const issued = await call("kit.colors.add", w.admin.key, body, { url: a.url });
      expect(issued.body.error.code).toBe("confirmation_required");
      const token = issued.body.error.confirmationToken;
      const accepted = await call("kit.colors.add", w.admin.key, { ...body, confirmationToken: token }, { url: b.url });
      expect(accepted.status, JSON.stringify(accepted.body)).toBe(200);
      for (const instance of [a, b]) {
        const again = await call(
          "kit.colors.add",
          w.admin.key,
          { ...body, confirmationToken: token },
          { url: instance.url },
        );
        expect(again.body.ok).toBe(false); // the colour exists now, and the token is spent
      }
      expect(await clients.writer.kitColor.count({ where: { brandId: w.brand.id, hex: "#0A9396" } })).toBe(1);
      expect(
        await clients.writer.confirmationToken.count({
          where: { usedAt: { not: null }, summary: { contains: "Shared" } },
        }),
      ).toBe(1);
    });

    it("an idempotency key used on one instance replays on the other", async () => {
      const w = await world({ clients });
      const asked = await call(
        "questions.ask",
        w.member.key,
        {
          brand: w.brand.shortId,
          questions: [{ key: "two.instances", question: "Which?", options: [], scope: "genome" }],
        },
        { url: a.url },
      );
      const body = {
        brand: w.brand.shortId,
        questionId: asked.body.data.ids[0],
        expectedRevision: 1,
        action: "answer",
        answer: "Both",
        idempotencyKey: "two-1",
      };
      const first = await call("questions.answer", w.member.key, body, { url: a.url });
      const replayed = await call("questions.answer", w.member.key, body, { url: b.url });
      expect(first.status).toBe(200);
      expect(replayed.status).toBe(200);
      expect(replayed.body.data).toEqual(first.body.data);
      expect(await clients.writer.memoryDeclaration.count({ where: { questionId: body.questionId } })).toBe(1);
    });

    it.skipIf(!redisLimiter)(
      `a key's rate limit holds across both instances together${redisLimiter ? "" : " (skipped: the Redis rate limiter of branch ops is not merged here)"}`,
      async () => {
        const w = await world({ clients });
        const results = [];
        for (let i = 0; i < 8; i++)
          results.push(await call("brands.list", w.admin.key, {}, { url: i % 2 ? b.url : a.url }));
        expect(results.filter((r) => r.status === 200)).toHaveLength(5);
        expect(results.slice(5).every((r) => r.status === 429)).toBe(true);
      },
    );

    it("an MCP OAuth grant made across both (register, sign in, authorize, consent, token) works on each, and a refresh token's reuse on one revokes the family on both", async () => {
      const w = await world({ clients });
      const email = `oauth-${w.brand.shortId.toLowerCase()}@race.example`;
      const password = "a long enough password for two instances";
      await createUser(clients.writer, { email, name: "Two Instances", password });
      await addMember(clients.writer, { brand: w.brand.shortId, email, role: "admin" });
      const from = balancer.served.length;
      const cookie = await signInCookie(email, password);
      const { clientId, tokens } = await connect(cookie, { brands: [w.brand.shortId], scopes: ["kit.read"] });
      const flow = balancer.served.slice(from);
      expect(flow.map((step) => step.path.split("?")[0])).toEqual([
        "/api/auth/sign-in/email",
        "/api/auth/oauth2/register",
        "/api/auth/oauth2/authorize",
        "/api/oauth/consent",
        "/api/auth/oauth2/token",
      ]);
      expect(new Set(flow.map((step) => step.target))).toEqual(new Set([a.url, b.url]));

      // the access token is good on each instance (the balancer alternates)
      for (let i = 0; i < 2; i++) {
        const read = await callTool(tokens.access_token, "kit_read", { brand: w.brand.shortId });
        expect(read.status, JSON.stringify(read.body)).toBe(200);
        expect(read.body.result.structuredContent).toHaveProperty("colors");
      }
      // rotation on one instance; the old refresh token replayed on the other revokes the whole family
      const refreshed = await token({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: clientId,
      });
      expect(refreshed.status).toBe(200);
      const replayed = await token({
        grant_type: "refresh_token",
        refresh_token: tokens.refresh_token,
        client_id: clientId,
      });
      expect(replayed.body.error).toBe("invalid_grant");
      const tokenSteps = balancer.served.filter((step) => step.path.startsWith("/api/auth/oauth2/token")).slice(-2);
      expect(tokenSteps[0]!.target).not.toBe(tokenSteps[1]!.target);
      for (let i = 0; i < 2; i++) {
        const cut = await callTool(refreshed.body.access_token, "kit_read", { brand: w.brand.shortId });
        expect(cut.status).toBe(401);
        expect(cut.challenge).toContain('error="invalid_token"');
        expect(cut.challenge).toContain(
          `resource_metadata="${balancer.url}/.well-known/oauth-protected-resource/api/mcp"`,
        );
      }
    });
  },
);
