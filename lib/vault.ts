// Secrets at rest (provider tokens and PKCE verifiers, webhook signing secrets, idempotent replays,
// parked calls, the MCP confirmation state): AES-256-GCM with a key derived from APP_SECRET by
// HKDF, so the database alone never yields a usable grant. The key's HKDF label still names
// connection tokens, its first use: changing it would leave every stored value unopenable. The record's id is the additional
// authenticated data: a ciphertext copied onto another row does not open there.
import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from "node:crypto";
import { config } from "./config";

const VERSION = "v1";
// GCM accepts tags as short as 4 bytes unless told their length; a short tag is a forgery that
// needs far fewer guesses, so only the full 16 bytes open a value
const TAG_BYTES = 16;
const keys = new Map<string, Buffer>();

function keyFor(secret: string): Buffer {
  let key = keys.get(secret);
  if (!key) {
    key = Buffer.from(hkdfSync("sha256", secret, "brand-operations", "connection tokens v1", 32));
    keys.set(secret, key);
  }
  return key;
}

export function seal(plaintext: string, boundTo: string, secret = config().APP_SECRET): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFor(secret), iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(boundTo));
  const body = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [VERSION, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plaintext, or an error when the value was altered, belongs to another record or another APP_SECRET. */
export function open(sealed: string, boundTo: string, secret = config().APP_SECRET): string {
  const [version, iv, body, tag, extra] = sealed.split(".");
  if (version !== VERSION || !iv || !body || !tag || extra !== undefined) throw new Error("not a sealed value");
  const authTag = Buffer.from(tag, "base64url");
  if (authTag.length !== TAG_BYTES) throw new Error("not a sealed value");
  const decipher = createDecipheriv("aes-256-gcm", keyFor(secret), Buffer.from(iv, "base64url"), {
    authTagLength: TAG_BYTES,
  });
  decipher.setAAD(Buffer.from(boundTo));
  decipher.setAuthTag(authTag);
  return Buffer.concat([decipher.update(Buffer.from(body, "base64url")), decipher.final()]).toString("utf8");
}
