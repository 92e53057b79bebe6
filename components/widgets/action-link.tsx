"use client";
// connections.connect: the provider's authorization page, opened by the person in a new tab.
// Credentials never pass through the conversation.
import { WidgetFrame } from "./frame";
import { errorOf, okDataOf, type WidgetProps } from "./types";
import { formatScalar } from "./readable";

export function ActionLinkWidget({ capabilityId, input, envelope }: WidgetProps) {
  const link = okDataOf(envelope, "connections.connect");
  // the provider's name as people know it (older results carry only what was typed)
  const provider = link?.name ?? (typeof input.provider === "string" ? input.provider : "the provider");
  return (
    <WidgetFrame name="action_link" capabilityId={capabilityId} error={errorOf(envelope)}>
      {link && (
        <div className="action-link">
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
          <p className="muted">The link works once, until {formatScalar(link.expiresAt)}.</p>
        </div>
      )}
    </WidgetFrame>
  );
}
