// BENCH_PARTS=webhooks-postgres: the doors bench's webhooks part (bench-webhooks.ts: a write's burst
// with and without 10 endpoints, the lag at a steady rate, the catch-up) with the server on
// PostgreSQL and Redis (bench-pg-services.ts), so its figures are given for both databases (issue
// 39.7). Its own run of `npm run bench`: this process's database client (bench-webhooks.ts reads the
// queue through it) must open on PostgreSQL.
import { benchServices } from "./bench-pg-services";
import { pgWorld } from "./bench-pg-seed";
import { startServer } from "./start-server";

type WebhooksPart = (base: string, key: string, serverPid: number) => Promise<number>;

export async function benchWebhooksPostgres(webhooks: WebhooksPart): Promise<number> {
  // the receivers are on loopback
  const services = await benchServices("webhooks", { WEBHOOKS_ALLOW_LOOPBACK: "1" });
  const world = await pgWorld(services.url);
  await world.client.end();
  const server = await startServer(services.env);
  try {
    console.log("\n## Webhooks on PostgreSQL + Redis");
    return await webhooks(server.url, world.key, server.pid);
  } finally {
    await server.stop();
    await services.stop();
  }
}
