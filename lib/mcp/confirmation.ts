// The MCP door's confirmation state: what it hands the client as `requestState` while the person
// is asked (elicitation), and takes back with their answer. The client echoes it, so it is
// attacker input: the confirmation token and its summary are sealed (AES-256-GCM, lib/vault.ts)
// with the caller's key, the capability and the canonical arguments as associated data, and an
// expiry inside. Forged, altered, expired or another key's state opens to nothing, and the
// call is put to the person again. Single use comes from the token itself: the pipeline consumes
// it on its first use, so a replayed state runs nothing and the person is asked again.
import { z } from "zod";
import { canonicalJson } from "../crypto";
import { open, seal } from "../vault";
import type { Actor } from "../contract/context";
import { callerKey } from "../core/auth";

// the dialog's state holds the token; the confirm page's (URL mode, confirm-page.ts) only names the
// parked call, whose token stays sealed in the database
const payload = z.union([
  z.object({ token: z.string().min(1), summary: z.string(), exp: z.number() }).strict(),
  z
    .object({
      pendingId: z.string().min(1).max(64),
      summary: z.string(),
      exp: z.number(),
      elicitationId: z.string().max(64).optional(),
    })
    .strict(),
]);
export type ConfirmationState = z.infer<typeof payload>;

/** The associated data: who asked, for which capability, with exactly which arguments. */
function boundTo(actor: Actor, capabilityId: string, args: Record<string, unknown>): string {
  const { confirmationToken: _ignored, ...input } = args;
  return `mcp-confirmation\0${callerKey(actor)}\0${capabilityId}\0${canonicalJson(input)}`;
}

export function sealConfirmation(
  actor: Actor,
  capabilityId: string,
  args: Record<string, unknown>,
  state: ConfirmationState,
): string {
  return seal(JSON.stringify(state), boundTo(actor, capabilityId, args));
}

/** The sealed token and summary, or undefined for anything that is not this call's own, unexpired state. */
export function openConfirmation(
  sealed: unknown,
  actor: Actor,
  capabilityId: string,
  args: Record<string, unknown>,
  now = Date.now(),
): ConfirmationState | undefined {
  if (typeof sealed !== "string" || sealed.length > 4096) return undefined;
  try {
    const state = payload.parse(JSON.parse(open(sealed, boundTo(actor, capabilityId, args))));
    return state.exp > now ? state : undefined;
  } catch {
    return undefined;
  }
}
