// Delivery ids sort in the order they were made (UUIDv7, RFC 9562 §5.7, with its counter method
// §6.2 for ids of one millisecond). The worker sends an endpoint's deliveries by their event's
// number (commit order, lib/events/record.ts); the id only breaks ties, as each instance's clock
// differs from the others'.
import { randomBytes } from "node:crypto";

let lastMs = 0;
let counter = 0;

export function timeOrderedId(now = Date.now()): string {
  if (now <= lastMs) {
    counter = (counter + 1) & 0xfff;
    if (counter === 0) lastMs += 1; // 4096 ids in one millisecond: borrow the next one
  } else {
    lastMs = now;
    counter = 0;
  }
  const bytes = randomBytes(16);
  bytes.writeUIntBE(lastMs, 0, 6);
  bytes[6] = 0x70 | (counter >> 8);
  bytes[7] = counter & 0xff;
  bytes[8] = 0x80 | (bytes[8]! & 0x3f);
  const hex = bytes.toString("hex");
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
}
