import { z } from "zod";
import { int53 } from "../schemas";

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
