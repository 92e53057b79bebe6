// For pages (server components): whether the chat can use a model, so the page can say plainly
// that it cannot, while slash commands keep working.
import "server-only";
import { config } from "../config";

export function assistantModelConfigured(): boolean {
  const { OPENAI_API_KEY, OPENAI_BASE_URL } = config();
  return Boolean(OPENAI_BASE_URL || OPENAI_API_KEY);
}
