// What the voice routes share beyond the assistant's (lib/assistant/http.ts): a body's first
// schema problem as the API door's invalid_input naming the field.
import type { z } from "zod";
import { invalidInput } from "../contract/errors";
import { describe } from "../core/input";

export function invalidBody(error: z.ZodError) {
  const first = describe(error.issues[0]!)[0]!;
  return invalidInput(first.field, first.message);
}
