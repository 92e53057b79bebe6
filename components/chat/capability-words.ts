// The slash forms' words kept per capability (labels in form-words.ts, help in field-help.ts): keyed
// by a capability the registry has, then by a field of its input, so a misspelt or renamed capability
// or field fails to compile instead of silently showing no words.
import type { CapabilityId } from "@/lib/capabilities/registry";
import type { InputOf } from "@/components/widgets/types";

type KeysOf<T> = T extends unknown ? Extract<keyof T, string> : never;

/** the fields of a list's items (the entries to propose): a form shows each under its own name */
type ItemKeysOf<T> = T extends unknown
  ? {
      [K in keyof T]-?: NonNullable<T[K]> extends readonly (infer Item)[]
        ? Item extends object
          ? KeysOf<Item>
          : never
        : never;
    }[keyof T]
  : never;

/** A field a capability's form can show: a key of its input (any variant of a union), or of its list items. */
export type FieldOf<Id extends CapabilityId> = KeysOf<InputOf<Id>> | ItemKeysOf<InputOf<Id>>;

/** Words by capability, then by field of that capability's input. */
export type CapabilityWords = { readonly [Id in CapabilityId]?: { readonly [Field in FieldOf<Id>]?: string } };

/** The words for one field of one capability, if any; an id known only at run time is looked up as it is. */
export function wordsFor(words: CapabilityWords, capabilityId: string, field: string): string | undefined {
  const byField: Readonly<Record<string, string | undefined>> | undefined = Object.hasOwn(words, capabilityId)
    ? words[capabilityId as CapabilityId]
    : undefined;
  return byField && Object.hasOwn(byField, field) ? byField[field] : undefined;
}
