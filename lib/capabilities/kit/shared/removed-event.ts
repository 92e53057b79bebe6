import { z } from "zod";

/**
 * The event data of a kit record taken out (a colour, a typeface): its id and `deleted: true`, the
 * shape every removal event has (brand.contacts.save's removedRecord).
 */
export const removedKitRecord = (idDescription: string) =>
  z.object({ id: z.uuid().describe(idDescription), deleted: z.literal(true) }).strict();
