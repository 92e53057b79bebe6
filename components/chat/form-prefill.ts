// Forms that edit something start from what it is now, read through the capabilities like any
// other call (the pipeline checks who may read it): the profile from brand.overview, a contact
// channel from brand.contacts.list once it is chosen, a kit text from kit.read once its part is.
import { runCapability } from "@/components/widgets/run";
import { okData, type EnvelopeError } from "@/components/widgets/types";
import type { FormValue } from "./schema-fields";

type Values = Record<string, FormValue>;
type Read = {
  capabilityId: string;
  input: Record<string, unknown>;
  values: (data: unknown, chosen: string) => Values | undefined;
};
export type Prefill = {
  /** the field whose choice says what is edited; without one the form is filled when it opens */
  after?: string;
  /** send only the fields the person changed (the confirmation then says only those) */
  changedOnly?: boolean;
  read: Read;
};

const strings = (record: Record<string, unknown>, names: string[]): Values =>
  Object.fromEntries(names.map((name) => [name, typeof record[name] === "string" ? (record[name] as string) : ""]));

const PREFILLS: Record<string, Prefill> = {
  "brand.profile.update": {
    changedOnly: true,
    read: {
      capabilityId: "brand.overview",
      input: {},
      values: (data) => {
        const profile = (data as { profile?: Record<string, unknown> } | undefined)?.profile;
        return (
          profile && strings(profile, ["displayName", "countryCode", "city", "organizationType", "primaryLanguage"])
        );
      },
    },
  },
  "brand.contacts.save": {
    after: "id",
    read: {
      capabilityId: "brand.contacts.list",
      input: {},
      values: (data, id) => {
        const contact = (data as { items?: Record<string, unknown>[] } | undefined)?.items?.find(
          (item) => item.id === id,
        );
        return contact && strings(contact, ["type", "value", "label"]);
      },
    },
  },
  "kit.instructions.update": {
    after: "section",
    read: {
      capabilityId: "kit.read",
      input: { parts: ["instructions"] },
      values: (data, section) => ({
        text: (data as { instructions?: Record<string, string> } | undefined)?.instructions?.[section] ?? "",
      }),
    },
  },
};

export const prefillFor = (capabilityId: string): Prefill | undefined => PREFILLS[capabilityId];

/** The current values, or the error of the read (a viewer may not read what an admin edits). */
export async function currentValues(
  prefill: Prefill,
  brand: string,
  chosen: string,
): Promise<{ values: Values } | { error: EnvelopeError }> {
  const envelope = await runCapability(prefill.read.capabilityId, brand, prefill.read.input);
  if (envelope.status === "error") return { error: envelope.error };
  return { values: prefill.read.values(okData(envelope), chosen) ?? {} };
}
