"use client";
// One chat message: text parts as text, tool parts through the widget registry (output = the tool
// envelope), a small "working" line while a tool runs. A spoken turn (stored by the Voice door,
// metadata.voice) carries a microphone mark; a confirm card says which pending call it decided.
// Each tool part is a card of the conversation (card.tsx): its actions are kept with its key, and a
// read's card stays true (fresh.tsx).
import type { UIMessage } from "ai";
import { CardScope } from "@/components/widgets/card";
import { FreshWidget } from "@/components/widgets/fresh";
import { Widget } from "@/components/widgets/registry";
import { CheckOnBrand } from "@/components/widgets/check-action";
import type { CatalogueEntry, Decision, EnvelopeError, ToolEnvelope } from "@/components/widgets/types";
import { MicIcon } from "@/components/voice/mic-icon";
import { useCards } from "./steps";

type ToolPart = {
  type: string;
  toolCallId: string;
  state: string;
  input?: unknown;
  output?: unknown;
  errorText?: string;
};

type Props = {
  message: UIMessage;
  brand: string;
  byToolName: ReadonlyMap<string, CatalogueEntry>;
  onDecided: (decision: Decision, result: ToolEnvelope, pendingId?: string) => void;
  /** only the parts, inside a wrapper of the caller's (a slash command's result) */
  bare?: boolean;
  /** the widget its card opens when not the capability's own (a step's, e.g. a review opened from a search) */
  widget?: string;
};

export function MessageView({ message, brand, byToolName, onDecided, bare, widget }: Props) {
  const stored = useCards().stored.has(message.id);
  const testId = message.role === "user" ? "message-user" : "message-assistant";
  const parts = (
    <>
      {message.parts.map((part, index) => {
        if (part.type === "text")
          return part.text.trim() ? (
            <div key={index}>
              <p className="message-text">{part.text}</p>
              {message.role === "assistant" && !bare && isDraft(part.text) && (
                <CheckOnBrand brand={brand} input={{ text: part.text.slice(0, MAX_CHECK_TEXT) }} />
              )}
            </div>
          ) : null;
        if (part.type.startsWith("tool-") || part.type === "dynamic-tool") {
          return (
            <ToolView
              key={index}
              part={part as ToolPart}
              brand={brand}
              byToolName={byToolName}
              onDecided={onDecided}
              widget={widget}
              stored={stored}
            />
          );
        }
        return null; // reasoning, sources, step markers: not shown
      })}
    </>
  );
  if (bare) return parts;
  const spoken = (message.metadata as { voice?: unknown } | undefined)?.voice === true;
  return (
    <div className={`message message-${message.role}`} data-testid={testId} data-voice={spoken || undefined}>
      {spoken && (
        <span className="voice-said-mark" title="spoken">
          <MicIcon size={13} />
          <span className="visually-hidden">Spoken: </span>
        </span>
      )}
      {parts}
    </div>
  );
}

function ToolView({
  part,
  brand,
  byToolName,
  onDecided,
  widget,
  stored,
}: { part: ToolPart; stored: boolean } & Omit<Props, "message" | "bare">) {
  const steps = useCards().steps.get(part.toolCallId);
  const toolName =
    part.type === "dynamic-tool" ? String((part as { toolName?: string }).toolName) : part.type.slice("tool-".length);
  const entry = byToolName.get(toolName);
  const capabilityId = entry?.id ?? toolName.replaceAll("_", ".");
  const input = (typeof part.input === "object" && part.input !== null ? part.input : {}) as Record<string, unknown>;
  if (part.state === "output-available") {
    const envelope = part.output as ToolEnvelope;
    const pendingId = envelope.status === "awaiting_confirmation" ? envelope.pendingId : undefined;
    return (
      <CardScope cardKey={part.toolCallId} steps={steps ?? NO_STEPS}>
        <FreshWidget
          capabilityId={capabilityId}
          widget={widget ?? entry?.widget}
          input={input}
          envelope={envelope}
          brand={brand}
          onDecided={(decision, result) => onDecided(decision, result, pendingId)}
          read={entry?.read === true}
          stored={stored}
        />
      </CardScope>
    );
  }
  if (part.state === "output-error" || part.state === "output-denied") {
    const envelope: ToolEnvelope = {
      status: "error",
      capabilityId,
      error: { code: "internal", message: part.errorText ?? "failed" } as EnvelopeError,
    };
    return (
      <Widget capabilityId={capabilityId} widget={entry?.widget} input={input} envelope={envelope} brand={brand} />
    );
  }
  return (
    <p className="tool-working" data-testid="tool-working">
      <span className="spinner" aria-hidden="true" /> Working: {entry?.title ?? capabilityId}…
    </p>
  );
}

const NO_STEPS: readonly [] = [];

/** brand.check's bound on a text (lib/capabilities/check/check.ts) */
const MAX_CHECK_TEXT = 20_000;
/** A reply worth checking against the brand is a draft of some length, not "Done." */
const isDraft = (text: string) => text.trim().split(/\s+/).length >= 12;
