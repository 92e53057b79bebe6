// Who asked for a parked call, in words for the person who decides it: their key's name, or the
// connected app's. The confirm page and "Waiting for you" both say it, so the person sees which
// client asks. A parked call's caller is "<how it waits>:<credential>": "page:key:<id>" (an MCP
// client that sent its person to the confirm page), "person:key:<id>" or "person:app:<grant id>" (a
// credential whose writes wait for its person).
import { readDb } from "../db/client";

/** The credential a caller names: a key's id or an app grant's id; undefined for anything else. */
function credentialOf(caller: string): { kind: "key" | "app"; id: string } | undefined {
  const [, kind, id] = caller.split(":");
  if ((kind !== "key" && kind !== "app") || !id) return undefined;
  return { kind, id };
}

/** "your API key "Deploy bot"", "the app "Claude"", or a plainer phrase when the name is gone. */
export async function askedBy(caller: string): Promise<string> {
  const credential = credentialOf(caller);
  if (credential?.kind === "key") {
    const key = await readDb().apiKey.findUnique({
      where: { id: credential.id },
      select: { name: true, prefix: true },
    });
    return key ? `your API key ${key.name ? `"${key.name}"` : key.prefix}` : "an API key";
  }
  const grant =
    credential && (await readDb().appGrant.findUnique({ where: { id: credential.id }, select: { clientId: true } }));
  const client =
    grant && (await readDb().oauthClient.findUnique({ where: { clientId: grant.clientId }, select: { name: true } }));
  return client?.name ? `the app "${client.name}"` : "an app you connected";
}

/** Each distinct caller's words once, for a list of calls. */
export async function askersOf(callers: readonly string[]): Promise<Map<string, string>> {
  const distinct = [...new Set(callers)];
  const words = await Promise.all(distinct.map(askedBy));
  return new Map(distinct.map((caller, index) => [caller, words[index]!]));
}
