// HMAC signatures of the local storage's URLs (APP_SECRET). The signed fields are JSON-encoded
// with their purpose, so a download signature never passes as an upload one, and no field can
// spill into the next.
import { createHmac, timingSafeEqual } from "node:crypto";

export function signFields(secret: string, purpose: string, fields: readonly string[]): string {
  return createHmac("sha256", secret).update(JSON.stringify([purpose, ...fields])).digest("base64url");
}

export function verifyFields(secret: string, purpose: string, fields: readonly string[], signature: string | null): boolean {
  if (!signature) return false;
  const expected = Buffer.from(signFields(secret, purpose, fields));
  const given = Buffer.from(signature);
  return expected.length === given.length && timingSafeEqual(expected, given);
}
