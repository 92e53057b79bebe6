"use client";
// The chat: header (components/ui/app-header.tsx), the person's conversations (a column, a drawer on a
// phone), the open conversation (model messages and slash-command results in one column, kept by
// the server) and the message box. Without a model it says so and slash commands work.
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import { useChat } from "@ai-sdk/react";
import { DefaultChatTransport, type UIMessage } from "ai";
import { CatalogueProvider } from "@/components/widgets/catalogue";
import { RoleProvider, roleAllows } from "@/components/widgets/may";
import type { Role } from "@/lib/contract/roles";
import { WidgetCallsProvider } from "@/components/widgets/calls";
import { TruthProvider } from "@/components/widgets/truth";
import type { CatalogueEntry, Decision, ToolEnvelope } from "@/components/widgets/types";
import { useVoice } from "@/components/voice/use-voice";
import { VoiceControl, type VoiceOffNote } from "@/components/voice/voice-control";
import { VoiceTranscript } from "@/components/voice/voice-transcript";
import { AppHeader } from "@/components/ui/app-header";
import { ConversationList } from "./conversation-list";
import { useConversation } from "./use-conversation";
import { useFollowScroll } from "./use-follow-scroll";
import { EarlierMessages } from "./earlier-messages";
import { isSlash, slashMessage, SlashMessage, SlashView, stepMessage, type SlashEntry } from "./slash-message";
import { useConversationCalls, withDecision } from "./conversation-calls";
import { CardsProvider, cardsOnPage, groupSteps } from "./steps";
import { ChatError } from "./chat-error";
import { Composer } from "./composer";
import { MessageView } from "./message-view";
import type { SlashResult } from "./slash-palette";

type Props = {
  user: { name: string; email: string };
  catalogue: CatalogueEntry[];
  modelConfigured: boolean;
  /** who may open the Activity page (activity.list's minRole): the menu offers it only to them */
  activityMinRole: Role;
  /** why voice is off here, in the words for this person (null when it is on) */
  voiceOffNote: VoiceOffNote | null;
};

export function ChatPage(props: Props) {
  // what writes touched, for every card of the page (components/widgets/truth.tsx)
  return (
    <TruthProvider>
      <Chat {...props} />
    </TruthProvider>
  );
}

function Chat({ user, catalogue, modelConfigured, activityMinRole, voiceOffNote }: Props) {
  const [brand, setBrand] = useState<string | null>(null);
  // the person's role in the brand on screen: cards, menu and palette offer only what it allows
  const [role, setRole] = useState<Role | null | undefined>(undefined);
  const brandRef = useRef<string | null>(null);
  brandRef.current = brand;
  const conversation = useConversation(brand, setBrand);
  const { open } = conversation;
  // the server keeps the conversation: only the person's new message is sent, never the past
  const transport = useMemo(
    () =>
      new DefaultChatTransport({
        api: "/api/chat",
        prepareSendMessagesRequest: ({ id, messages }) => ({
          body: { id, brand: brandRef.current, messages: messages.slice(-1) },
        }),
      }),
    [],
  );
  const { messages, sendMessage, setMessages, status, error, clearError } = useChat({
    id: open.id,
    messages: open.messages,
    transport,
  });
  const [slashEntries, setSlashEntries] = useState<SlashEntry[]>([]);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [listVersion, setListVersion] = useState(0);
  const byToolName = useMemo(() => new Map(catalogue.map((entry) => [entry.toolName, entry])), [catalogue]);
  const byId = useMemo(() => new Map(catalogue.map((entry) => [entry.id, entry])), [catalogue]);
  const refreshList = useCallback(() => setListVersion((version) => version + 1), []);
  // a voice turn is stored in the open conversation, and shown as the server stored it
  const openId = useRef(open.id);
  openId.current = open.id;
  const speech = useVoice(brand, {
    current: open.id,
    id: () => openId.current,
    onStored: (conversationId, stored) => {
      if (conversationId !== openId.current) return refreshList();
      conversation.markStored();
      setMessages((current) => [...current, ...stored]);
      refreshList();
    },
    listChanged: refreshList,
  });
  const { scroller, content, followNext, stayPut } = useFollowScroll();

  // another conversation on screen: what belonged to the last one goes
  useEffect(() => {
    setSlashEntries([]);
    clearError();
    setDrawerOpen(false);
    followNext();
  }, [open.id, clearError, followNext]);
  // an answer followed after a reload: the stored messages as they grow
  useEffect(() => {
    if (conversation.followed) setMessages(conversation.followed);
  }, [conversation.followed, setMessages]);
  // the list shows the new title and order once an answer is stored
  const busy = status === "submitted" || status === "streaming" || open.answering;
  useEffect(() => {
    if (!busy) refreshList();
  }, [busy, refreshList]);
  // Ctrl/Cmd+Shift+O: a new conversation, as in the assistants people know
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if ((event.ctrlKey || event.metaKey) && event.shiftKey && event.key.toLowerCase() === "o") {
        event.preventDefault();
        conversation.startNew();
      }
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [conversation.startNew]);

  const send = useCallback(
    (text: string) => {
      conversation.markStored();
      followNext();
      void sendMessage({ text });
    },
    [conversation.markStored, sendMessage, followNext],
  );
  // the model asked for this write: tell it what the person decided (the server checks the truth),
  // by voice while a voice session is on (a card stored by an earlier one included), else in the typed chat
  const onModelDecision = useCallback(
    (decision: Decision, result: ToolEnvelope, pendingId?: string) => {
      if (speech.mode) speech.decided(pendingId, decision, result);
      else if (modelConfigured) send(decision === "confirm" ? "Confirmed." : "Cancelled.");
    },
    [modelConfigured, send, speech.mode, speech.decided],
  );
  const onSlashResult = (result: SlashResult) => {
    followNext();
    if (result.envelope && result.messageId) {
      // kept by the server in this conversation, under the same id
      conversation.markStored();
      setMessages((current) => [...current, slashMessage(result, byId)]);
      return refreshList();
    }
    setSlashEntries((current) => [...current, { ...result, key: crypto.randomUUID(), after: messages.length }]);
  };
  // an action in a card is a step of the conversation (kept by the server, shown here as it was stored)
  const calls = useConversationCalls({
    conversationId: open.id,
    onStep: ({ id, capabilityId, input, envelope, from, widget, inPlace }) => {
      conversation.markStored();
      // the card the person acted in shows the outcome itself: the view stays on it
      if (inPlace) stayPut();
      else followNext();
      setMessages((current) => [...current, stepMessage(id, capabilityId, input, envelope, byId, { from, widget })]);
      refreshList();
    },
    onDecided: (pendingId, outcome) => setMessages((current) => withDecision(current, pendingId, outcome)),
  });
  const slashAfter = (index: number) => slashEntries.filter((entry) => entry.after === index);
  const shown = [
    ...open.before.filter((message) => !messages.some((current) => current.id === message.id)),
    ...messages,
  ];
  const stored = new Set(
    [...open.messages, ...open.before, ...(conversation.followed ?? [])].map((message) => message.id),
  );
  const cards = { ...groupSteps(shown, cardsOnPage(shown, slashEntries, byToolName)), stored };
  const offset = shown.length - messages.length;
  const render = (message: UIMessage) =>
    isSlash(message) ? (
      <SlashMessage message={message} brand={brand} byToolName={byToolName} />
    ) : (
      <MessageView message={message} brand={brand ?? ""} byToolName={byToolName} onDecided={onModelDecision} />
    );

  return (
    <CatalogueProvider entries={catalogue}>
      <RoleProvider role={role}>
        <WidgetCallsProvider value={calls}>
          <CardsProvider value={cards}>
            <div className="app">
              <AppHeader
                page="assistant"
                user={user}
                brand={brand}
                onBrand={conversation.switchBrand}
                onRole={setRole}
                activity={role !== undefined && roleAllows(role, activityMinRole)}
                drawer={{ open: drawerOpen, onToggle: () => setDrawerOpen((value) => !value) }}
              />
              <div className="chat-body">
                <ConversationList
                  brand={brand}
                  openId={open.id}
                  refreshKey={listVersion}
                  drawerOpen={drawerOpen}
                  onOpen={(id) => void conversation.openStored(id)}
                  onNew={conversation.startNew}
                  onDeleted={(id) => id === open.id && conversation.startNew()}
                  onCloseDrawer={() => setDrawerOpen(false)}
                />
                <div className="chat-column">
                  <main className="conversation-scroll" ref={scroller}>
                    {/* the page's one level-one heading, whatever the conversation holds: screen readers go by it */}
                    <h1 className="visually-hidden">Assistant</h1>
                    <div
                      className="conversation"
                      ref={content}
                      aria-live="polite"
                      data-testid="conversation"
                      data-conversation-id={open.stored ? open.id : ""}
                    >
                      {!modelConfigured && (
                        <div className="notice" data-testid="model-missing">
                          No AI model is configured on this service, so the assistant can’t chat. You can still do
                          everything with slash commands: type <kbd>/</kbd> in the box below.
                        </div>
                      )}
                      {conversation.notice && (
                        <div className="notice notice-warn" role="alert" data-testid="conversation-notice">
                          {conversation.notice}
                        </div>
                      )}
                      {open.earlier !== null && <EarlierMessages onLoad={conversation.loadEarlier} />}
                      {conversation.loading && <p className="muted">Opening the conversation…</p>}
                      {!conversation.loading &&
                        shown.length === 0 &&
                        slashEntries.length === 0 &&
                        speech.entries.length === 0 && (
                          <div className="intro">
                            <h2>What would you like to do?</h2>
                            <p className="muted">
                              {modelConfigured
                                ? "Ask in your own words, or type / to pick a command."
                                : "Type / to see the commands you can run in this brand."}
                            </p>
                          </div>
                        )}
                      {slashAfter(0).map((entry) => (
                        <SlashView key={entry.key} entry={entry} brand={brand} />
                      ))}
                      {shown.map((message, index) => (
                        <div key={message.id}>
                          {render(message)}
                          {index >= offset &&
                            slashAfter(index - offset + 1).map((entry) => (
                              <SlashView key={entry.key} entry={entry} brand={brand} />
                            ))}
                        </div>
                      ))}
                      <VoiceTranscript
                        entries={speech.entries}
                        brand={brand ?? ""}
                        byId={byId}
                        onDecided={speech.decided}
                      />
                      {(status === "submitted" || open.answering) && (
                        <p className="tool-working" data-testid="assistant-answering">
                          <span className="spinner" aria-hidden="true" />{" "}
                          {open.answering ? "The assistant is still answering…" : "Thinking…"}
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
                      offNote={voiceOffNote}
                      retryable={speech.retryable}
                      onStart={() => void speech.start()}
                      onStop={speech.stop}
                      onTalk={() => void speech.talk()}
                      onRetry={() => void speech.retry()}
                    />
                    <Composer
                      brand={brand}
                      conversationId={open.id}
                      modelConfigured={modelConfigured}
                      busy={busy}
                      sendHidden={speech.status === "recording"}
                      onSend={send}
                      onSlashResult={onSlashResult}
                    />
                  </footer>
                </div>
              </div>
            </div>
          </CardsProvider>
        </WidgetCallsProvider>
      </RoleProvider>
    </CatalogueProvider>
  );
}
