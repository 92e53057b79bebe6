"use client";
// The chat: header (brand, settings, sign-out), the conversation (model messages and slash-command
// results in one column), and the message box. Without a model it says so and slash commands work.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport } from "ai";
import { CatalogueProvider } from "@/components/widgets/catalogue";
import { Widget } from "@/components/widgets/registry";
import type { CatalogueEntry, Decision } from "@/components/widgets/types";
import { SignOutButton } from "@/components/ui/sign-out-button";
import { useVoice } from "@/components/voice/use-voice";
import { VoiceControl } from "@/components/voice/voice-control";
import { VoiceTranscript } from "@/components/voice/voice-transcript";
import { BrandSwitcher } from "./brand-switcher";
import { ChatError } from "./chat-error";
import { Composer } from "./composer";
import { MessageView } from "./message-view";
import type { SlashResult } from "./slash-palette";

type Props = {
  user: { name: string; email: string };
  catalogue: CatalogueEntry[];
  modelConfigured: boolean;
  /** how the Voice door runs here, or null when no voice model is configured */
  voice: "realtime" | "turns" | null;
};
/** a slash command's result, shown after the chat message it followed */
type SlashEntry = SlashResult & { key: string; after: number };

export function ChatPage({ user, catalogue, modelConfigured, voice }: Props) {
  const [brand, setBrand] = useState<string | null>(null);
  const brandRef = useRef<string | null>(null);
  brandRef.current = brand;
  const transport = useMemo(() => new DefaultChatTransport({ api: "/api/chat", body: () => ({ brand: brandRef.current }) }), []);
  const { messages, sendMessage, setMessages, status, error, clearError } = useChat({ transport });
  const [slashEntries, setSlashEntries] = useState<SlashEntry[]>([]);
  const byToolName = useMemo(() => new Map(catalogue.map((entry) => [entry.toolName, entry])), [catalogue]);
  const byId = useMemo(() => new Map(catalogue.map((entry) => [entry.id, entry])), [catalogue]);
  const speech = useVoice(brand);

  const switchBrand = useCallback(
    (next: string) => {
      // a conversation belongs to one brand: a new brand starts a new one
      if (brandRef.current && brandRef.current !== next) {
        setMessages([]);
        setSlashEntries([]);
        clearError();
      }
      setBrand(next);
    },
    [setMessages, clearError],
  );
  // the model asked for this write: tell it what the person decided (the server checks the truth)
  const onModelDecision = useCallback(
    (decision: Decision) => {
      if (modelConfigured) void sendMessage({ text: decision === "confirm" ? "Confirmed." : "Cancelled." });
    },
    [modelConfigured, sendMessage],
  );
  const busy = status === "submitted" || status === "streaming";
  // the conversation scrolls inside the page (header and message box stay); follow what arrives
  const scroller = useRef<HTMLElement>(null);
  useEffect(() => {
    scroller.current?.scrollTo({ top: scroller.current.scrollHeight });
  }, [messages, slashEntries.length, status, speech.entries.length]);
  const slashAfter = (index: number) => slashEntries.filter((entry) => entry.after === index);

  return (
    <CatalogueProvider entries={catalogue}>
      <div className="app">
        <header className="topbar">
          <span className="brand-mark">Brand Operations</span>
          <BrandSwitcher brand={brand} onChange={switchBrand} />
          <nav className="topbar-nav">
            <a href="/activity">Activity</a>
            <a href="/settings">Security and access</a>
            <span className="muted topbar-person" title={user.email}>
              {user.name}
            </span>
            <SignOutButton />
          </nav>
        </header>
        <main className="conversation-scroll" ref={scroller}>
          <div className="conversation" aria-live="polite">
          {!modelConfigured && (
            <div className="notice" data-testid="model-missing">
              No AI model is configured on this service, so the assistant can’t chat. You can still do everything with slash commands: type <kbd>/</kbd> in the box below.
            </div>
          )}
          {messages.length === 0 && slashEntries.length === 0 && speech.entries.length === 0 && (
            <div className="intro">
              <h1>What would you like to do?</h1>
              <p className="muted">
                {modelConfigured ? "Ask in your own words, or type / to pick a command." : "Type / to see the commands you can run in this brand."}
              </p>
            </div>
          )}
          {slashAfter(0).map((entry) => (
            <SlashView key={entry.key} entry={entry} brand={brand} />
          ))}
          {messages.map((message, index) => (
            <div key={message.id}>
              <MessageView message={message} brand={brand ?? ""} byToolName={byToolName} onDecided={onModelDecision} />
              {slashAfter(index + 1).map((entry) => (
                <SlashView key={entry.key} entry={entry} brand={brand} />
              ))}
            </div>
          ))}
          <VoiceTranscript entries={speech.entries} brand={brand ?? ""} byId={byId} onDecided={speech.decided} />
          {status === "submitted" && (
            <p className="tool-working">
              <span className="spinner" aria-hidden="true" /> Thinking…
            </p>
          )}
          {error && <ChatError error={error} />}
          </div>
        </main>
        <footer className="composer-wrap">
          <VoiceControl
            brand={brand}
            status={speech.status}
            mode={speech.mode}
            problem={speech.problem}
            available={voice}
            onStart={() => void speech.start()}
            onStop={speech.stop}
            onTalk={() => void speech.talk()}
          />
          <Composer
            brand={brand}
            modelConfigured={modelConfigured}
            busy={busy}
            onSend={(text) => void sendMessage({ text })}
            onSlashResult={(result) => setSlashEntries((current) => [...current, { ...result, key: crypto.randomUUID(), after: messages.length }])}
          />
        </footer>
      </div>
    </CatalogueProvider>
  );
}

function SlashView({ entry, brand }: { entry: SlashEntry; brand: string | null }) {
  return (
    <div className="message message-slash" data-testid="slash-result">
      <p className="slash-echo">
        <code>/{entry.capabilityId}</code>
      </p>
      <Widget capabilityId={entry.capabilityId} widget={entry.widget} input={entry.input} envelope={entry.envelope} brand={brand ?? ""} />
    </div>
  );
}
