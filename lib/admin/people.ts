// A person's e-mail-and-password sign-in, written the way better-auth reads it: an account row
// with providerId "credential" and the hash from better-auth's own scrypt hasher.
import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import type { Prisma } from "../db/generated/client";

export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Why this password is refused, or null when it is acceptable (bounds match lib/auth/auth.ts). */
export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN) return `must be at least ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `must be at most ${PASSWORD_MAX} characters`;
  return null;
}

/** The credential account row for a new person (created in the same transaction as the person). */
export async function credentialAccount(
  userId: string,
  password: string,
): Promise<Prisma.AuthAccountUncheckedCreateInput> {
  return {
    id: randomUUID(),
    userId,
    accountId: userId,
    providerId: "credential",
    password: await hashPassword(password),
  };
}
