// What a person sees at the two ends of a connection link (the start and the callback): a page
// saying what happened, or a redirect onwards. Nothing in lib/connections throws for a person.
import type { Tx } from "../db/client";

export type ConnectionOutcome =
  | { kind: "connected"; connectionId: string; providerName: string; account: string | null; brandName: string }
  | { kind: "redirect"; location: string }
  | { kind: "sign-in" }
  | { kind: "failed"; status: number; title: string; detail: string };

export type FailedOutcome = Extract<ConnectionOutcome, { kind: "failed" }>;

export const failed = (status: number, title: string, detail: string): FailedOutcome => ({
  kind: "failed",
  status,
  title,
  detail,
});

export const START_AGAIN = "Ask for a new link (connections.connect) and open it within 10 minutes.";
export const INVALID_LINK = failed(
  400,
  "This link is not valid",
  `It was not issued by this service or it was altered. ${START_AGAIN}`,
);
export const notOffered = (provider: string) =>
  failed(
    409,
    "This provider is no longer offered",
    `${provider} is not configured on this service any more; nothing was connected.`,
  );

/**
 * The signed-in person of the browser that opened the link, and that sign-in session: a link is
 * bound to the person who asked for it and then to the browser (session) that opened it, as an
 * OAuth client binds its `state` to the user agent (RFC 9700 §4.7.1).
 */
export type Browser = { userId: string; email: string; sessionId: string } | null;

/** A connection just completed, for the record its write leaves (lib/ops/connection-completed.ts). */
export type Completed = {
  connectionId: string;
  brandId: string;
  userId: string | null;
  providerName: string;
  account: string | null;
};

/** Records a completion in the transaction that marks the connection connected. */
export type RecordCompletion = (tx: Tx, completed: Completed, now: Date) => Promise<void>;
