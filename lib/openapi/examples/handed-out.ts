// `{{name.path}}` in an example's request: a value an earlier call of the walk handed out (an id, a
// revision, a confirmation token), taken from that call's answer (`name` is the call's, `path`
// dotted into its body, array positions as numbers).
// biome-ignore lint/suspicious/noExplicitAny: an example walks answers of every capability by dotted path
export type Answer = { status: number; body: Record<string, any> };

const PLACEHOLDER = /^\{\{([A-Za-z]+)\.([A-Za-z0-9.]+)\}\}$/;

export function fillHandedOut(
  request: Record<string, unknown>,
  answers: ReadonlyMap<string, Answer>,
): Record<string, unknown> {
  return Object.fromEntries(Object.entries(request).map(([field, value]) => [field, fill(value, answers)]));
}

function fill(value: unknown, answers: ReadonlyMap<string, Answer>): unknown {
  if (typeof value !== "string") return value;
  const match = PLACEHOLDER.exec(value);
  if (!match) return value;
  const [, name, path] = match as unknown as [string, string, string];
  let found: unknown = answers.get(name)?.body;
  for (const step of path.split("."))
    found = found && typeof found === "object" ? (found as Record<string, unknown>)[step] : undefined;
  if (found === undefined) throw new Error(`example value ${value}: no such value in the answer of ${name}`);
  return found;
}
