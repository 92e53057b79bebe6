import { randomUUID } from "node:crypto";
import { z } from "zod";
import type { BrandContext } from "../../contract/context";
import { defineCapability } from "../../contract/define";
import { rowRef } from "../../db/rows";
import { recordId, writeOutput } from "../schemas";
import { invalidInput, notFound } from "../../contract/errors";
import { isUniqueViolation } from "../../db/errors";
import { normalizeContact } from "./shared/contact-normalize";
import { CONTACT_TYPES, contactItem, contactItemOf, removedRecord } from "./shared/contacts";
import { valueInSentence } from "../../words/value-words";

const input = z.discriminatedUnion("op", [
  z
    .object({
      op: z.literal("upsert"),
      type: z
        .enum(CONTACT_TYPES)
        .describe("Kind of channel: website, email, phone, whatsapp, a social network, or other"),
      value: z
        .string()
        .max(500)
        .describe("URL, address, number or handle; normalized per type (E.164 numbers, canonical profile URLs)"),
      id: recordId().optional().describe("Present to change an existing channel"),
      label: z
        .string()
        .trim()
        .max(80)
        .optional()
        .describe("Short label shown with the channel, e.g. Support; empty clears it"),
    })
    .strict(),
  z.object({ op: z.literal("delete"), id: recordId().describe("Id of the channel to remove") }).strict(),
]);

type Input = z.output<typeof input>;
type Plan =
  | { op: "delete"; id: string; type: string; value: string }
  | { op: "upsert"; id?: string; type: string; value: string; label: string | null | undefined };

const duplicate = (type: string, value: string) =>
  invalidInput("value", `${value} is already a ${type} channel of this brand`, { reason: "duplicate" });

/** What the call will do, with every read-only check: the record exists, the value is valid and new. */
async function plan(ctx: BrandContext, call: Input): Promise<Plan> {
  const existing = call.id
    ? await ctx.db.contact.findFirst({
        where: { id: call.id, brandId: ctx.brand.id },
        select: { type: true, value: true },
      })
    : null;
  if (call.id && !existing) throw notFound("id", "contact channel");
  if (call.op === "delete") return { op: "delete", id: call.id, type: existing!.type, value: existing!.value };

  const genome = await ctx.db.genome.findUnique({ where: { brandId: ctx.brand.id }, select: { countryCode: true } });
  const value = normalizeContact(call.type, call.value, genome?.countryCode ?? null);
  if (!value) {
    const hint =
      call.type === "phone" || call.type === "whatsapp"
        ? " (a national number is read in the brand's country; use +country code otherwise)"
        : "";
    throw invalidInput("value", `not a valid ${call.type}${hint}`);
  }
  const twin = await ctx.db.contact.findFirst({
    where: { brandId: ctx.brand.id, type: call.type, value, ...(call.id ? { id: { not: call.id } } : {}) },
    select: { id: true },
  });
  if (twin) throw duplicate(call.type, value);
  return {
    op: "upsert",
    id: call.id,
    type: call.type,
    value,
    label: call.label === undefined ? undefined : call.label || null,
  };
}

export const brandContactsSave = defineCapability({
  id: "brand.contacts.save",
  kind: "write",
  scope: "brand.write",
  minRole: "admin",
  confirmation: true,
  destructive: true,
  doors: ["assistant", "voice", "mcp", "api"],
  phase: "planned",
  widget: "confirm",
  title: "Add, change or remove a contact channel",
  description:
    "Adds, changes (op upsert, with id) or removes (op delete) one public channel. Values are normalized per type " +
    "(E.164 phone numbers, canonical profile URLs); duplicates are rejected.",
  input,
  output: writeOutput,
  touched: (call, data) => {
    const id = data.id ?? call.id;
    return id ? { kind: "contact", id, ...(call.op === "delete" ? { removed: true } : {}) } : undefined;
  },
  events: {
    types: {
      "brand.contact.saved": { description: "A public channel was added or changed", data: contactItem },
      "brand.contact.removed": { description: "A public channel was removed", data: removedRecord },
    },
    emit: async (ctx, call, data) =>
      call.op === "delete"
        ? { type: "brand.contact.removed", data: { id: data.id!, deleted: true } }
        : { type: "brand.contact.saved", data: await contactItemOf(ctx.db, ctx.brand.id, data.id!) },
  },
  undo: {
    records: (_ctx, call, data) => {
      const id = data?.id ?? call.id;
      return id ? [rowRef("contact", id)] : [];
    },
  },
  async summarize(ctx, call) {
    const change = await plan(ctx, call);
    const where = `${ctx.brand.name}'s public channels`;
    if (change.op === "delete")
      return `Remove the ${valueInSentence(change.type)} channel ${change.value} from ${where}.`;
    const label = change.label ? ` labelled "${change.label}"` : "";
    return change.id
      ? `Change a channel of ${where} to ${valueInSentence(change.type)} ${change.value}${label}.`
      : `Add the ${valueInSentence(change.type)} channel ${change.value}${label} to ${where}.`;
  },
  async check(ctx, call) {
    await plan(ctx, call);
  },
  async execute(ctx, call) {
    const change = await plan(ctx, call);
    if (change.op === "delete") {
      await ctx.db.contact.delete({ where: { id: change.id } });
      return { ok: true as const, id: change.id };
    }
    const id = change.id ?? randomUUID();
    try {
      if (change.id) {
        await ctx.db.contact.update({
          where: { id },
          data: { type: change.type, value: change.value, label: change.label },
        });
      } else {
        await ctx.db.contact.create({
          data: {
            id,
            brandId: ctx.brand.id,
            type: change.type,
            value: change.value,
            label: change.label ?? null,
            createdAt: ctx.now,
          },
        });
      }
    } catch (error) {
      // the unique index (brand, type, value) catches a concurrent twin that passed the check
      if (isUniqueViolation(error)) throw duplicate(change.type, change.value);
      throw error;
    }
    return { ok: true as const, id };
  },
});
