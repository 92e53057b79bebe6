// Who confirms a credential's writes (docs/design.md, confirmation), as its owner chooses it for a
// key or a connected app: the two values stored (ApiKey.confirmBy, AppGrant.confirmBy), the body
// that changes them, and how the pages say them. No database here: the pages' own script reads it.
import { z } from "zod";
import type { ConfirmBy } from "../contract/context";

export type { ConfirmBy };

/** caller: the caller repeats the call with the token; person: the write waits for the owner. */
export const CONFIRM_BY = ["caller", "person"] as const satisfies readonly ConfirmBy[];

export const confirmByField = z
  .enum(CONFIRM_BY)
  .describe("Who confirms the credential's writes: caller (it repeats the call with the token) or person (its owner)");

/** The settings' change of one key's or app's choice. */
export const confirmByChange = z.object({ confirmBy: confirmByField }).strict();

type Said = { choice: string; detail: string; short: string; switchTo: string };

/**
 * The choice in words, for a key (a program calls with it) and for an app (an MCP client acting as
 * the person): `choice` and `detail` in the forms, `short` in the lists, `switchTo` on the button
 * that chooses this value instead of the other.
 */
export const CONFIRM_BY_WORDS: Record<"key" | "app", Record<ConfirmBy, Said>> = {
  key: {
    caller: {
      choice: "The program using the key",
      detail: "It confirms each change itself, by repeating its request with the one-time token it is given.",
      short: "the program using it",
      switchTo: "Let the program confirm",
    },
    person: {
      choice: "Me, in Brand Operations",
      detail: "Each change the key asks for waits until you confirm or decline it here.",
      short: "you, in Brand Operations",
      switchTo: "Make its changes wait for me",
    },
  },
  app: {
    caller: {
      choice: "The app",
      detail: "It asks you in its own window, or confirms by itself if it cannot ask. Only for an app you fully trust.",
      short: "the app",
      switchTo: "Let the app confirm",
    },
    person: {
      choice: "Me, in Brand Operations",
      detail: "Each change the app asks for waits until you confirm or decline it here.",
      short: "you, in Brand Operations",
      switchTo: "Make its changes wait for me",
    },
  },
};

export const isConfirmBy = (value: unknown): value is ConfirmBy => CONFIRM_BY.includes(value as ConfirmBy);

/** What the database holds, read as the pipeline reads it: anything but the two values is the default. */
export const confirmByOf = (stored: string, otherwise: ConfirmBy): ConfirmBy =>
  isConfirmBy(stored) ? stored : otherwise;
