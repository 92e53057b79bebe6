import { z } from "zod";
import { defineCapability } from "../define";
import { contactItem } from "./contacts-shared";

// Not implemented yet (next issue): without execute it is not served and answers not_found.
export const brandContactsList = defineCapability({
  id: "brand.contacts.list",
  kind: "read",
  scope: "brand.read",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  status: "planned",
  widget: "list",
  title: "List public contact channels",
  description: "The brand's public channels: website, email, phone, WhatsApp and social profiles.",
  input: z.object({}).strict(),
  output: z.object({ items: z.array(contactItem) }).strict(),
});
