import { z } from "zod";
import { defineCapability } from "../define";
import { writeOutput } from "../schemas";
import { CONTACT_TYPES } from "./contacts-shared";

// Not implemented yet (next issue): without execute it is not served and answers not_found.
export const brandContactsSave = defineCapability({
  id: "brand.contacts.save",
  kind: "write",
  scope: "brand.write",
  minRole: "admin",
  confirmation: true,
  doors: ["assistant", "voice", "mcp", "api"],
  status: "planned",
  widget: "confirm",
  title: "Add, change or remove a contact channel",
  description:
    "Adds, changes (op upsert, with id) or removes (op delete) one public channel. Values are normalized per type " +
    "(E.164 phone numbers, canonical profile URLs); duplicates are rejected.",
  input: z.discriminatedUnion("op", [
    z
      .object({
        op: z.literal("upsert"),
        type: z.enum(CONTACT_TYPES).describe("Kind of channel: website, email, phone, whatsapp, a social network, or other"),
        value: z.string().max(500).describe("URL, address, number or handle; normalized per type"),
        id: z.uuid().optional().describe("Present to change an existing channel"),
        label: z.string().max(80).optional().describe("Short label shown with the channel, e.g. Support"),
      })
      .strict(),
    z.object({ op: z.literal("delete"), id: z.uuid().describe("Id of the channel to remove") }).strict(),
  ]),
  output: writeOutput,
  summarize: (ctx, input) =>
    input.op === "delete"
      ? `Remove the contact channel ${input.id} from ${ctx.brand.name}'s public channels.`
      : `${input.id ? "Change" : "Add"} the ${input.type} channel "${input.value}"${input.label ? ` (${input.label})` : ""} ${input.id ? "in" : "to"} ${ctx.brand.name}'s public channels.`,
});
