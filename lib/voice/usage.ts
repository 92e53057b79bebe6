// POST /api/voice/usage { brand, usage }: what one realtime response cost, as the provider reported
// it in response.done (audio and text tokens together), metered against the brand's monthly AI
// budget like the chat's tokens. The answer tells the browser whether the session may go on: a
// session that spent the last tokens is ended there. (With WebRTC the audio flows between the
// browser and the provider, so the browser is the only party that sees these reports: README.)
import "server-only";
import { z } from "zod";
import { resolveBrandAccess } from "../core/access";
import { authenticate } from "../core/auth";
import { budgetMessage, budgetOf, recordUsage } from "../assistant/budget";
import { checkOrigin, readJsonObject, requirePerson } from "../assistant/http";
import { invalidBody } from "./http";

const count = z.int().min(0).max(10_000_000);
const body = z.object({
  brand: z.string().min(1).max(100),
  usage: z.object({ total_tokens: count.optional(), input_tokens: count.optional(), output_tokens: count.optional() }).loose(),
}).strict();

export type UsageAnswer = { used: number; limit: number; exhausted: boolean; message?: string };

export async function meterVoiceUsage(request: Request): Promise<UsageAnswer> {
  checkOrigin(request);
  const userId = await requirePerson(request);
  const parsed = body.safeParse(await readJsonObject(request, 64 * 1024));
  if (!parsed.success) throw invalidBody(parsed.error);
  const now = new Date();
  const { brand } = await resolveBrandAccess(await authenticate({ kind: "session", userId }, now), parsed.data.brand);
  const { total_tokens, input_tokens = 0, output_tokens = 0 } = parsed.data.usage;
  await recordUsage(brand.id, total_tokens ?? input_tokens + output_tokens, now);
  const budget = await budgetOf(brand, now);
  return { used: budget.used, limit: budget.limit, exhausted: budget.exhausted, ...(budget.exhausted ? { message: budgetMessage(brand.name, budget) } : {}) };
}
