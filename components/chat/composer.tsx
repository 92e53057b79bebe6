"use client";
// The message box. Text starting with "/" opens the slash palette instead of talking to the model;
// arrows move through it, Enter chooses, Escape closes.
import { useRef, useState, type KeyboardEvent } from "react";
import {
  chooseCapability,
  matching,
  SLASH_LISTBOX,
  SlashPalette,
  slashOptionId,
  type SlashResult,
} from "./slash-palette";
import { useCapabilities, type CallableCapability } from "./use-capabilities";
import { useNarrowScreen } from "./use-narrow-screen";

type Props = {
  brand: string | null;
  conversationId: string;
  modelConfigured: boolean;
  busy: boolean;
  /** a voice recording is running: its Send is the one shown */
  sendHidden?: boolean;
  onSend: (text: string) => void;
  onSlashResult: (result: SlashResult) => void;
};

export function Composer({ brand, conversationId, modelConfigured, busy, sendHidden, onSend, onSlashResult }: Props) {
  const [text, setText] = useState("");
  // Send pressed with no model: the hint says why nothing is sent
  const [whySend, setWhySend] = useState(false);
  const input = useRef<HTMLTextAreaElement>(null);
  const narrow = useNarrowScreen();
  const [highlighted, setHighlighted] = useState(0);
  const [chosen, setChosen] = useState<CallableCapability | null>(null);
  const slash = text.startsWith("/") && brand !== null;
  const capabilities = useCapabilities(brand, slash);
  const items = slash && capabilities?.items ? matching(capabilities.items, text.slice(1)) : [];

  const close = () => {
    setText("");
    setChosen(null);
    setHighlighted(0);
  };
  const result = (outcome: SlashResult) => {
    close();
    onSlashResult(outcome);
    // back to the message box, not the page's body, for the next command or message
    input.current?.focus();
  };

  function keyDown(event: KeyboardEvent<HTMLTextAreaElement>) {
    if (event.key === "Escape" && slash) return close();
    if (slash && !chosen && (event.key === "ArrowDown" || event.key === "ArrowUp")) {
      event.preventDefault();
      const step = event.key === "ArrowDown" ? 1 : -1;
      return setHighlighted((current) => (items.length === 0 ? 0 : (current + step + items.length) % items.length));
    }
    if (event.key !== "Enter" || event.shiftKey) return;
    event.preventDefault();
    if (slash) {
      const item = items[Math.min(highlighted, items.length - 1)];
      if (item && !chosen) chooseCapability(item, setChosen, result);
      return;
    }
    send();
  }

  function send() {
    const message = text.trim();
    if (!message || busy || !modelConfigured || slash) return;
    setText("");
    onSend(message);
  }

  return (
    <div className="composer">
      {slash && brand && (
        <SlashPalette
          brand={brand}
          conversationId={conversationId}
          capabilities={capabilities}
          filter={text.slice(1)}
          highlighted={highlighted}
          chosen={chosen}
          onChoose={setChosen}
          onResult={result}
          onClose={close}
        />
      )}
      {!modelConfigured && !slash && (text.trim() !== "" || whySend) && (
        // without a model a message cannot be answered: said here, where the person is typing
        <p className="composer-hint" role="status" data-testid="composer-no-model" id="composer-no-model">
          No AI model is configured, so messages can’t be answered.{" "}
          <button
            type="button"
            className="link-button"
            data-testid="composer-show-commands"
            onClick={() => (setText("/"), input.current?.focus())}
          >
            Show the commands
          </button>{" "}
          you can run instead.
        </p>
      )}
      <div className="composer-row">
        <textarea
          ref={input}
          data-testid="chat-input"
          aria-label="Message"
          aria-autocomplete="list"
          aria-controls={slash && !chosen ? SLASH_LISTBOX : undefined}
          aria-activedescendant={
            slash && !chosen && items.length > 0
              ? slashOptionId(items[Math.min(highlighted, items.length - 1)]!.id)
              : undefined
          }
          rows={1}
          value={text}
          disabled={!brand}
          placeholder={
            !brand
              ? "Choose a brand first"
              : modelConfigured
                ? narrow
                  ? "Ask, or type /"
                  : "Ask anything, or type / for commands"
                : narrow
                  ? "Type / for commands"
                  : "Type / to run a command"
          }
          onChange={(event) => {
            setText(event.target.value);
            setHighlighted(0);
            if (!event.target.value.startsWith("/")) setChosen(null);
          }}
          onKeyDown={keyDown}
        />
        {!sendHidden && (
          <button
            type="button"
            className="button primary"
            data-testid="chat-send"
            // without a model Send stays pressable and says why it sends nothing: no dead end
            disabled={busy || slash || (modelConfigured && !text.trim())}
            aria-disabled={!modelConfigured || undefined}
            style={!modelConfigured ? { opacity: 0.6 } : undefined}
            aria-describedby={!modelConfigured ? "composer-no-model" : undefined}
            onClick={() => (modelConfigured ? send() : setWhySend(true))}
          >
            Send
          </button>
        )}
      </div>
    </div>
  );
}
