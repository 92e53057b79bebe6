// Forms that edit something start from what it is now, read through the capabilities like any
// other call (the pipeline checks who may read it): the profile and the policy from brand.overview, a contact
// channel from brand.contacts.list once it is chosen, a kit text from kit.read once its part is, a
// kit colour, typeface or logo from kit.read once it is chosen.
import { runCapability } from "@/components/widgets/run";
import { okData, type CallableId, type EnvelopeError, type InputOf, type OutputOf } from "@/components/widgets/types";
import type { FormValue } from "./schema-fields";
import type { CapabilityId } from "@/lib/capabilities/registry";

type Values = Record<string, FormValue>;
/** the read a form starts from: its answer typed by the registry inside this closure */
type Read = { load(brand: string, chosen: string): Promise<{ values: Values } | { error: EnvelopeError }> };

function read<Id extends string>(
  capabilityId: CallableId<Id>,
  input: InputOf<Id>,
  values: (data: OutputOf<Id>, chosen: string) => Values | undefined,
): Read {
  return {
    async load(brand, chosen) {
      const envelope = await runCapability(capabilityId, brand, input);
      if (envelope.status === "error") return { error: envelope.error };
      const data = okData(envelope);
      return { values: (data === undefined ? undefined : values(data, chosen)) ?? {} };
    },
  };
}
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
    read: read("brand.overview", {}, (data) =>
      strings(data.profile, ["displayName", "countryCode", "city", "organizationType", "primaryLanguage"]),
    ),
  },
  // the policy as it is now, so the form's choice starts from it
  "brand.policy.update": {
    read: read("brand.overview", {}, (data) => strings(data.policy, ["agentsConfirmBy"])),
  },
  "brand.contacts.save": {
    after: "id",
    read: read("brand.contacts.list", {}, (data, id) => {
      const contact = data.items.find((item) => item.id === id);
      return contact && strings(contact, ["type", "value", "label"]);
    }),
  },
  "kit.colors.update": {
    after: "id",
    changedOnly: true,
    read: read("kit.read", { parts: ["colors"] }, (data, id) => {
      const color = data.colors?.find((item) => item.id === id);
      return color && strings(color, ["name", "hex", "role"]);
    }),
  },
  "kit.typography.save": {
    after: "id",
    read: read("kit.read", { parts: ["typography"] }, (data, id) => {
      const font = data.typography?.find((item) => item.id === id);
      return font && { family: font.family, role: font.role, weights: font.weights };
    }),
  },
  "kit.logos.save": {
    after: "assetId",
    read: read("kit.read", { parts: ["logos"] }, (data, assetId) => {
      const logo = data.logos?.find((item) => item.assetId === assetId);
      return logo && { ...strings(logo, ["name", "form", "theme"]), primary: logo.primary };
    }),
  },
  "kit.instructions.update": {
    after: "section",
    read: read("kit.read", { parts: ["instructions"] }, (data, section) => ({
      text: Object.entries(data.instructions ?? {}).find(([name]) => name === section)?.[1] ?? "",
    })),
  },
} satisfies Partial<Record<CapabilityId, Prefill>>;

export const prefillFor = (capabilityId: string): Prefill | undefined => PREFILLS[capabilityId];

/** The current values, or the error of the read (a viewer may not read what an admin edits). */
export async function currentValues(
  prefill: Prefill,
  brand: string,
  chosen: string,
): Promise<{ values: Values } | { error: EnvelopeError }> {
  return prefill.read.load(brand, chosen);
}
