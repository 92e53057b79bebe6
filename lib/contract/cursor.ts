// Opaque, tamper-evident cursors: base64url(JSON) + "." + HMAC. A cursor the server did not
// produce (or produced for another list) is invalid_input on field `cursor`.
import type { z } from "zod";
import { config } from "../config";
import { hmac, safeEqual } from "../crypto";
import { invalidInput } from "./errors";

export function encodeCursor(list: string, position: unknown): string {
  const payload = Buffer.from(JSON.stringify(position)).toString("base64url");
  return `${payload}.${hmac(config().APP_SECRET, `cursor:${list}`, payload)}`;
}

export function decodeCursor<T>(list: string, cursor: string | undefined, shape: z.ZodType<T>): T | undefined {
  if (cursor === undefined) return undefined;
  const [payload, signature, extra] = cursor.split(".");
  const bad = invalidInput("cursor", "not a cursor returned by this list; start again without one");
  if (!payload || !signature || extra !== undefined) throw bad;
  if (!safeEqual(signature, hmac(config().APP_SECRET, `cursor:${list}`, payload))) throw bad;
  try {
    return shape.parse(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")));
  } catch {
    throw bad;
  }
}
