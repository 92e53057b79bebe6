import { z } from "zod";
import type { Tx } from "../../../db/client";

export const CONTACT_TYPES = [
  "website",
  "email",
  "phone",
  "whatsapp",
  "instagram",
  "facebook",
  "linkedin",
  "tiktok",
  "x",
  "youtube",
  "pinterest",
  "other",
] as const;

export const contactItem = z
  .object({ id: z.uuid(), type: z.enum(CONTACT_TYPES), value: z.string(), label: z.string().nullable() })
  .strict();

/** A channel as brand.contacts.list publishes it, read in the write's transaction (for its event). */
export async function contactItemOf(db: Tx, brandId: string, id: string): Promise<z.output<typeof contactItem>> {
  const row = await db.contact.findFirstOrThrow({
    where: { id, brandId },
    select: { id: true, type: true, value: true, label: true },
  });
  return { ...row, type: row.type as (typeof CONTACT_TYPES)[number] };
}

/** What is left of a removed record to tell: its id (as Stripe's deleted objects do). */
export const removedRecord = z.object({ id: z.uuid(), deleted: z.literal(true) }).strict();
