"use client";
// A slash command's run in the conversation: the echo of what the person ran (with the values they
// gave, in the form's words) and its widget; as the server keeps it (an assistant message with one
// tool part marked metadata.slash) or, for a widget that gathers its own input, as a page-only entry.
import type { UIMessage } from "ai";
import type { StepOrigin } from "@/components/widgets/calls";
import { CardScope } from "@/components/widgets/card";
import { useCapability } from "@/components/widgets/catalogue";
import { Widget } from "@/components/widgets/registry";
import type { CatalogueEntry, ToolEnvelope } from "@/components/widgets/types";
import { formatScalar } from "@/components/widgets/readable";
import { valueInWords } from "@/components/widgets/value-words";
import { FILLED_FIELDS } from "./form-knowledge";
import { actionOfInput, labelFor } from "./form-words";
import { MessageView } from "./message-view";
import type { SlashResult } from "./slash-palette";
import { stepMetadata, useCards } from "./steps";

/** a slash command's result kept only on the page, shown after the chat message it followed */
export type SlashEntry = SlashResult & { key: string; after: number };

/** A slash command's result as the conversation keeps it: the run as a tool part, marked as the person's. */
export function slashMessage(result: SlashResult, byId: ReadonlyMap<string, CatalogueEntry>): UIMessage {
  return stepMessage(result.messageId!, result.capabilityId, result.input, result.envelope!, byId);
}

/** A step the person took (a slash command, an action in a card) as the server stores it (lib/conversations/slash.ts). */
export function stepMessage(
  id: string,
  capabilityId: string,
  input: Record<string, unknown>,
  envelope: ToolEnvelope,
  byId: ReadonlyMap<string, CatalogueEntry>,
  origin: StepOrigin = {},
): UIMessage {
  const toolName = byId.get(capabilityId)?.toolName ?? capabilityId.replaceAll(".", "_");
  return {
    id,
    role: "assistant",
    metadata: {
      slash: capabilityId,
      ...(origin.from ? { from: origin.from } : {}),
      ...(origin.widget ? { widget: origin.widget } : {}),
    },
    parts: [
      {
        type: `tool-${toolName}`,
        toolCallId: `slash-${id}`,
        state: "output-available",
        input,
        output: envelope,
      } as UIMessage["parts"][number],
    ],
  };
}

export const isSlash = (message: UIMessage) =>
  typeof (message.metadata as { slash?: unknown } | undefined)?.slash === "string";

export function SlashMessage({
  message,
  brand,
  byToolName,
}: {
  message: UIMessage;
  brand: string | null;
  byToolName: ReadonlyMap<string, CatalogueEntry>;
}) {
  const meta = stepMetadata(message)!;
  const cards = useCards();
  // a step that continues its card's own flow is shown by that card
  if (cards.absorbed.has(message.id)) return null;
  // the first step of a page-only card that is gone stands in for it: the command that opened it
  const step = meta.from !== undefined && !cards.standIns.has(message.id);
  return (
    <div
      className={`message message-slash${step ? " message-step" : ""}`}
      data-testid={step ? "card-step" : "slash-result"}
    >
      {step ? (
        <StepEcho capabilityId={meta.slash} />
      ) : (
        <SlashEcho capabilityId={meta.slash} input={meta.from ? {} : slashInput(message)} />
      )}
      {/* the person's own run: deciding its confirm card tells no model anything */}
      <MessageView
        message={message}
        brand={brand ?? ""}
        byToolName={byToolName}
        onDecided={() => undefined}
        bare
        widget={meta.widget}
      />
    </div>
  );
}

/** An action taken in a card above: what it was, in the capability's words. */
function StepEcho({ capabilityId }: { capabilityId: string }) {
  const title = useCapability(capabilityId)?.title ?? capabilityId;
  return (
    <p className="slash-echo" data-testid="step-echo">
      You, in a card above: {title}
    </p>
  );
}

const slashInput = (message: UIMessage) =>
  (message.parts.find((part) => part.type.startsWith("tool-")) as { input?: Record<string, unknown> } | undefined)
    ?.input ?? {};

// an id is chosen by name in the form and shown by name in the card; as a value it says nothing
const ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** What the person ran, with the values they gave, in the form's words. */
function SlashEcho({ capabilityId, input }: { capabilityId: string; input: Record<string, unknown> }) {
  const action = actionOfInput(capabilityId, input);
  const given = Object.entries(input).filter(
    ([name, value]) =>
      !FILLED_FIELDS.has(name) &&
      !(action && name in action.fixed) &&
      value !== undefined &&
      value !== "" &&
      !(typeof value === "string" && ID.test(value)) &&
      !(Array.isArray(value) && value.length === 0),
  );
  const said = (name: string, value: unknown) =>
    typeof value === "object"
      ? Array.isArray(value)
        ? `${value.length} item${value.length === 1 ? "" : "s"}`
        : "…"
      : typeof value === "string" && /^[a-z_]+$/.test(value)
        ? valueInWords(value, name)
        : formatScalar(value);
  return (
    <p className="slash-echo" data-testid="slash-echo">
      <code>/{capabilityId}</code>
      {action && <span className="slash-echo-value">{action.label}</span>}
      {given.map(([name, value]) => (
        <span key={name} className="slash-echo-value">
          {labelFor(capabilityId, name)}: {said(name, value)}
        </span>
      ))}
    </p>
  );
}

export function SlashView({ entry, brand }: { entry: SlashEntry; brand: string | null }) {
  return (
    <div className="message message-slash" data-testid="slash-result">
      <SlashEcho capabilityId={entry.capabilityId} input={entry.input} />
      <CardScope cardKey={entry.key} steps={useCards().steps.get(entry.key) ?? []}>
        <Widget
          capabilityId={entry.capabilityId}
          widget={entry.widget}
          input={entry.input}
          envelope={entry.envelope}
          brand={brand ?? ""}
        />
      </CardScope>
    </div>
  );
}
