import { z } from "zod";
import type { Tx } from "../../../db/client";
import { int53 } from "../../schemas";

export const QUESTION_STATUSES = ["open", "deferred", "answered", "dismissed"] as const;

export const QUESTION_SCOPES = ["genome", "brand_kit", "work"] as const;

/** open and deferred questions still await an answer; answered and dismissed ones are closed */
export const PENDING_STATUSES = ["open", "deferred"] as const;

export const questionItem = z
  .object({
    id: z.uuid(),
    question: z.string(),
    scope: z.string().describe("genome, brand_kit or work"),
    options: z.array(z.string()),
    revision: int53().describe("Send as expectedRevision to questions.answer"),
  })
  .strict();

/** A question as questions.list publishes it, with where it stands: what its events carry. */
export const questionRecord = questionItem
  .extend({
    status: z.enum(QUESTION_STATUSES),
    answer: z.string().nullable().describe("The answer, once answered"),
  })
  .strict();

export async function questionRecordOf(db: Tx, brandId: string, id: string): Promise<z.output<typeof questionRecord>> {
  const row = await db.question.findFirstOrThrow({
    where: { id, brandId },
    select: { id: true, question: true, scope: true, options: true, revision: true, status: true, answer: true },
  });
  return { ...row, options: row.options as string[], status: row.status as (typeof QUESTION_STATUSES)[number] };
}
