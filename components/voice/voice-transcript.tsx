"use client";
// The voice conversation in the chat column: what both said, and every tool result as the widget
// the chat uses for that capability (a pending write as its confirm card).
import { Widget } from "@/components/widgets/registry";
import type { CatalogueEntry, Decision, ToolEnvelope } from "@/components/widgets/types";
import { MicIcon } from "./mic-icon";
import type { VoiceEntry } from "./use-voice";

type Props = {
  entries: VoiceEntry[];
  brand: string;
  byId: ReadonlyMap<string, CatalogueEntry>;
  onDecided(pendingId: string | undefined, decision: Decision, result: ToolEnvelope): void;
};

export function VoiceTranscript({ entries, brand, byId, onDecided }: Props) {
  if (entries.length === 0) return null;
  return (
    <section className="voice-transcript" aria-label="Voice conversation" data-testid="voice-transcript">
      {entries.map((entry) =>
        entry.kind === "said" ? (
          <div key={entry.id} className={`message message-${entry.role}`} data-testid={`voice-said-${entry.role}`}>
            <p className="message-text">
              <span className="voice-said-mark" title="spoken">
                <MicIcon size={13} />
                <span className="visually-hidden">Spoken: </span>
              </span>
              {entry.text}
            </p>
          </div>
        ) : (
          <div key={entry.id} className="message message-assistant" data-testid="voice-tool">
            <Widget
              capabilityId={entry.capabilityId}
              widget={byId.get(entry.capabilityId)?.widget}
              input={entry.input}
              envelope={entry.envelope}
              brand={brand}
              onDecided={(decision, result) =>
                onDecided(
                  entry.envelope.status === "awaiting_confirmation" ? entry.envelope.pendingId : undefined,
                  decision,
                  result,
                )
              }
            />
          </div>
        ),
      )}
    </section>
  );
}
