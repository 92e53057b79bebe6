// A realtime session's pieces as the messages the server stored them as (lib/voice/realtime-record.ts),
// built here under the same ids so the page shows the record itself, as it does for a slash run.
import type { UIMessage } from "ai";
import type { ToolEnvelope } from "@/lib/pending/envelope";
import { mcpToolName } from "@/lib/contract/catalogue";

const SPOKEN = { voice: true };

export const spokenWords = (id: string, role: "user" | "assistant", text: string): UIMessage => ({
  id,
  role,
  metadata: SPOKEN,
  parts: [{ type: "text", text }],
});

export function spokenCall(
  id: string,
  callId: string | undefined,
  input: Record<string, unknown>,
  envelope: ToolEnvelope,
): UIMessage {
  const part = {
    type: `tool-${mcpToolName(envelope.capabilityId)}`,
    toolCallId: callId ?? `voice-${id}`,
    state: "output-available",
    input,
    output: envelope,
  };
  return { id, role: "assistant", metadata: SPOKEN, parts: [{ type: "step-start" }, part] as UIMessage["parts"] };
}
