// HMAC signatures of the local storage's URLs (APP_SECRET). The purpose is part of the MAC, so a
// download signature never passes as an upload one, and the fields are JSON-encoded, so no field
// can spill into the next.
import { hmac, safeEqual } from "../crypto";

export function signFields(secret: string, purpose: string, fields: readonly string[]): string {
  return hmac(secret, `storage:${purpose}`, JSON.stringify(fields));
}

export function verifyFields(
  secret: string,
  purpose: string,
  fields: readonly string[],
  signature: string | null,
): boolean {
  return signature !== null && safeEqual(signature, signFields(secret, purpose, fields));
}
