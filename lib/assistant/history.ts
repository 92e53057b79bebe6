// Client history is attacker-controlled input: before the model reads it, the output of every tool
// part that names a pending call is replaced by what the server stored about that call, so a
// forged "confirmed" never reaches the model and a declined call reads as declined.
import type { UIMessage } from "ai";
import { AppError } from "../core/errors";
import { errorEnvelope } from "../doors/assistant";
import { pendingTruth } from "../doors/assistant-pending";

type Part = UIMessage["parts"][number] & { output?: unknown; state?: string };

export async function withStoredTruth(messages: UIMessage[], userId: string, requestId: string): Promise<UIMessage[]> {
  return Promise.all(
    messages.map(async (message) => ({
      ...message,
      parts: await Promise.all(message.parts.map((part) => truthOf(part as Part, userId, requestId))),
    })),
  ) as Promise<UIMessage[]>;
}

async function truthOf(part: Part, userId: string, requestId: string): Promise<Part> {
  const pendingId = pendingIdOf(part.output);
  if (pendingId === undefined) return part;
  const capabilityId = String((part.output as { capabilityId?: unknown }).capabilityId ?? "");
  const stored = await pendingTruth(userId, pendingId, requestId);
  const output = stored ?? errorEnvelope(capabilityId, new AppError("not_found", "pendingId: no pending call with this id", { field: "pendingId" }), requestId);
  return { ...part, state: "output-available", output } as Part;
}

function pendingIdOf(output: unknown): string | undefined {
  if (!output || typeof output !== "object") return undefined;
  const id = (output as { pendingId?: unknown }).pendingId;
  return typeof id === "string" ? id.slice(0, 100) : undefined;
}
