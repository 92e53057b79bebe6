// Arguments from a strict model back to what the pipeline expects: strict mode makes every optional
// field nullable (strict.ts), so a strict model sends `"label": null` for "no label". Such a null
// is taken out; everything else is left for the pipeline to check (a null where a value is
// required is still refused, by name). An optional field whose null means something of its own
// (team.role.update's accessUntil: absent keeps the end of access, null removes it) cannot tell a
// strict model's "not given" from that null, which every strict call sends for it: the null is
// read as "not given", so a model changing a role never lifts an agency's end date unasked.
import { isObject, type Json } from "./json-schema";

export function absentForNull(schema: Json, value: unknown): unknown {
  if (Array.isArray(value))
    return isObject(schema.items) ? value.map((item) => absentForNull(schema.items as Json, item)) : value;
  if (!isObject(value)) return value;
  const properties = (schema.properties as Record<string, Json> | undefined) ?? {};
  const required = new Set((schema.required as string[] | undefined) ?? []);
  const out: Json = {};
  for (const [name, item] of Object.entries(value)) {
    const field = properties[name];
    if (item === null && field && !required.has(name)) continue;
    out[name] = field ? absentForNull(field, item) : item;
  }
  return out;
}
