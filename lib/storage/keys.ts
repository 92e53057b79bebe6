// Storage keys are made here, by the server, never from anything a caller sends (a file name
// such as ../../etc/passwd must not pick where bytes land). Every implementation refuses a key
// that is not of this shape, so even a forged key cannot leave the storage root.
import { randomUUID } from "node:crypto";

const SAFE_KEY = /^[A-Za-z0-9_-]{1,100}(\/[A-Za-z0-9_-]{1,100}){0,7}$/;

export function newStorageKey(brandId: string): string {
  return `brands/${brandId}/${randomUUID()}`;
}

/** Segments of letters, digits, _ and - only: no dots, so no `..`, no hidden files, no extensions. */
export function isSafeKey(key: string): boolean {
  return SAFE_KEY.test(key);
}

export function assertSafeKey(key: string): string {
  if (!isSafeKey(key)) throw new Error(`refusing storage key ${JSON.stringify(key.slice(0, 120))}`);
  return key;
}
