// The brand's approved voice as the chat's model is handed it: read through the
// pipeline as brand.soul.read, as any agent reads it, so only approved genome entries reach it.
import type { CapabilityMap } from "../capabilities/registry";
import type { RunForPerson } from "../pending/envelope";

type Soul = CapabilityMap["brand.soul.read"]["output"];

/** The voice's section of the system prompt; empty when the brand has no approved entry or it cannot be read. */
export async function approvedVoice(
  runForPerson: RunForPerson,
  call: { userId: string; brandId: string; requestId: string },
): Promise<string> {
  const envelope = await runForPerson({
    userId: call.userId,
    capabilityId: "brand.soul.read",
    brand: call.brandId,
    input: {},
    requestId: `${call.requestId}.voice`.slice(0, 128),
  });
  return envelope.status === "ok" ? voiceSection(envelope.data as Soul) : "";
}

export function voiceSection(soul: Soul): string {
  const list = (title: string, items: readonly string[]) =>
    items.length ? [`${title}:`, ...items.map((item) => `- ${item}`)] : [];
  const lines = [
    ...(soul.voice ? ["Tone of voice:", soul.voice] : []),
    ...list("Guardrails (never break them)", soul.guardrails),
    ...list("Words to use", soul.vocabulary.use),
    ...list("Words to avoid", soul.vocabulary.avoid),
    ...list("Archetypes", soul.archetypes),
  ];
  if (!lines.length) return "";
  return [
    `The brand's approved voice (genome revision ${soul.revision}); write everything on the brand's behalf in it:`,
    ...lines,
  ].join("\n");
}
