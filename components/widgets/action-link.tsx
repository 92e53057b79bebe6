"use client";
// connections.connect: the provider's authorization page, opened by the person in a new tab.
// Credentials never pass through the conversation. The card says where its connection stands: it
// reads the connection when shown (a reload, an earlier visit) and again when it changes, which the
// provider's callback page tells this page from its own tab (truth.tsx), so "connected" shows here
// without a reload, and a used or expired link is not offered again.
import { useEffect, useState } from "react";
import { useCanRun } from "./may";
import { useNextStep } from "./next-step";
import { useWidgetCalls } from "./calls";
import { WidgetFrame } from "./frame";
import { formatScalar } from "./readable";
import { useTouches } from "./truth";
import { errorOf, okData, okDataOf, type OutputOf, type ToolEnvelope, type WidgetProps } from "./types";
import { WidgetError } from "./widget-error";

type Connection = OutputOf<"connections.list">["items"][number];

export function ActionLinkWidget({ capabilityId, input, envelope, brand }: WidgetProps) {
  const link = okDataOf(envelope, "connections.connect");
  // the provider's name as people know it (older results carry only what was typed)
  const provider = link?.name ?? (typeof input.provider === "string" ? input.provider : "the provider");
  const connection = useConnection(brand, link?.connectionId);
  const expired = link !== undefined && Date.parse(link.expiresAt) <= Date.now();
  // a link the person's tap asked for is their next step: in view, its button focused
  const next = useNextStep<HTMLDivElement>(link !== undefined && !expired);
  return (
    <WidgetFrame name="action_link" capabilityId={capabilityId} error={errorOf(envelope)}>
      {link && connection?.status === "connected" ? (
        <p className="action-link-done" data-testid="action-link-connected" role="status">
          <strong>{provider}</strong> is connected
          {connection.account ? (
            <>
              {" "}
              as <strong>{connection.account}</strong>
            </>
          ) : null}
          {connection.connectedAt ? ` since ${formatScalar(connection.connectedAt)}` : ""}.
        </p>
      ) : link && connection && connection.status !== "pending_setup" ? (
        <p className="muted" data-testid="action-link-over">
          This link is no longer needed: the connection to {provider} was{" "}
          {connection.status === "disconnected" ? "disconnected" : "made and needs attention now"}. The list of
          integrations shows where it stands.
        </p>
      ) : link && expired ? (
        <NewLink brand={brand} provider={provider} providerKey={input.provider} expiresAt={link.expiresAt} />
      ) : (
        link && (
          <div className="action-link" ref={next}>
            <p>
              Open <strong>{provider}</strong> to authorize the connection. You sign in there, not here.
            </p>
            <a
              className="button primary"
              href={link.authorizationUrl}
              target="_blank"
              rel="noopener noreferrer"
              data-testid="action-link-open"
            >
              Open {provider} to connect
            </a>
            <p className="muted">
              The link works once, until {formatScalar(link.expiresAt)}. This card says when the connection is made.
            </p>
          </div>
        )
      )}
    </WidgetFrame>
  );
}

/** The connection a link completes, read when the card is shown and whenever it changes. */
function useConnection(brand: string, connectionId: string | undefined): Connection | undefined {
  const { run } = useWidgetCalls();
  const { version } = useTouches(connectionId ? [connectionId] : []);
  const [connection, setConnection] = useState<Connection>();
  useEffect(() => {
    if (!connectionId) return;
    let current = true;
    void run("connections.list", brand, {}).then((answer) => {
      const found = okData(answer)?.items.find((item) => item.id.toLowerCase() === connectionId.toLowerCase());
      if (current && found) setConnection(found);
    });
    return () => {
      current = false;
    };
  }, [brand, connectionId, version, run]);
  return connection;
}

/** An expired link, with a new one a tap away (a new step of the conversation) for whoever may ask. */
function NewLink({
  brand,
  provider,
  providerKey,
  expiresAt,
}: {
  brand: string;
  provider: string;
  providerKey: unknown;
  expiresAt: string;
}) {
  const { act } = useWidgetCalls();
  const mayConnect = useCanRun()("connections.connect");
  const [busy, setBusy] = useState(false);
  // kept: the conversation shows the new link as its next step; elsewhere it shows here
  const [answer, setAnswer] = useState<{ envelope: ToolEnvelope; kept: boolean }>();
  async function again() {
    setBusy(true);
    setAnswer(await act("connections.connect", brand, { provider: String(providerKey) }));
    setBusy(false);
  }
  if (answer && !answer.kept && answer.envelope.status !== "error")
    return (
      <ActionLinkWidget
        capabilityId="connections.connect"
        input={{ provider: providerKey }}
        envelope={answer.envelope}
        brand={brand}
      />
    );
  return (
    <div className="action-link" data-testid="action-link-expired">
      <p className="muted">
        This link to {provider} expired on {formatScalar(expiresAt)} without being used.
      </p>
      {mayConnect && typeof providerKey === "string" && (
        <button type="button" className="button" disabled={busy} onClick={() => void again()}>
          {busy ? "Asking…" : `Get a new link to ${provider}`}
        </button>
      )}
      {answer?.envelope.status === "error" && <WidgetError error={answer.envelope.error} />}
    </div>
  );
}
