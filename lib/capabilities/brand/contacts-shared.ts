import { z } from "zod";

export const CONTACT_TYPES = [
  "website", "email", "phone", "whatsapp", "instagram", "facebook", "linkedin", "tiktok", "x", "youtube", "pinterest", "other",
] as const;

export const contactItem = z
  .object({ id: z.uuid(), type: z.enum(CONTACT_TYPES), value: z.string(), label: z.string().nullable() })
  .strict();
