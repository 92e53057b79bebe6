import { z } from "zod";
import { defineCapability } from "../../contract/define";
import { type CONTACT_TYPES, contactItem } from "./shared/contacts";

export const brandContactsList = defineCapability({
  id: "brand.contacts.list",
  kind: "read",
  scope: "brand.read",
  minRole: "admin",
  confirmation: false,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "list",
  title: "List public contact channels",
  description:
    "The brand's public channels: website, email, phone, WhatsApp and social profiles, in the order they were added.",
  input: z.object({}).strict(),
  output: z.object({ items: z.array(contactItem) }).strict(),
  async execute(ctx) {
    const contacts = await ctx.db.contact.findMany({
      where: { brandId: ctx.brand.id },
      orderBy: [{ createdAt: "asc" }, { id: "asc" }],
      select: { id: true, type: true, value: true, label: true },
    });
    return { items: contacts.map((contact) => ({ ...contact, type: contact.type as (typeof CONTACT_TYPES)[number] })) };
  },
});
