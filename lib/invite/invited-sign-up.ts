// A person without an account signs up from their invitation's page: the name and password they
// choose, the e-mail the invitation is bound to (they cannot pick another). Public sign-up stays
// off (lib/auth/auth.ts): only a valid invitation's link creates a person, and they join at once.
import "server-only";
import { randomUUID } from "node:crypto";
import { credentialAccount } from "../admin/people";
import { db } from "../db/client";
import { isUniqueViolation } from "../db/errors";
import { acceptInvitation, inspectInvitation, type AcceptOutcome, type InvitationProblem } from "./accept";

export type SignUpOutcome = AcceptOutcome | { outcome: InvitationProblem } | { outcome: "has_account" };

export async function signUpInvited(
  token: string,
  person: { name: string; password: string },
  requestId: string,
): Promise<SignUpOutcome> {
  const invitation = await inspectInvitation(token);
  if (invitation.outcome !== "ok") return invitation;
  if (invitation.hasAccount) return { outcome: "has_account" };
  const id = randomUUID();
  const account = await credentialAccount(id, person.password);
  try {
    await db().$transaction([
      db().user.create({ data: { id, email: invitation.email, name: person.name } }),
      db().authAccount.create({ data: account }),
    ]);
  } catch (error) {
    // the same address signed up a moment ago (a second tab): they sign in instead
    if (isUniqueViolation(error)) return { outcome: "has_account" };
    throw error;
  }
  return acceptInvitation(token, { id, email: invitation.email, name: person.name }, { requestId });
}
