// Where a webhook may be sent, checked when an endpoint is saved (so an admin learns at once) and
// again where each delivery's socket connects (lib/webhooks/send.ts: a name may resolve elsewhere
// by then). A receiver is an https:// URL on a public address: never loopback, private,
// link-local (cloud metadata at 169.254.169.254) or other special-purpose space
// (lib/http/public-address.ts), so webhooks cannot be aimed at the service's own network.
// WEBHOOKS_ALLOW_LOOPBACK=1 (development and tests) also lets http:// and https:// reach loopback.
import { lookup } from "node:dns/promises";
import { isIP } from "node:net";
import { isLoopbackAddress } from "../http/public-lookup";
import { isPublicAddress } from "../http/public-address";

export type Resolve = (hostname: string) => Promise<string[]>;

const systemResolve: Resolve = async (hostname) =>
  (await lookup(hostname, { all: true })).map((answer) => answer.address);

const LOOPBACK_NAMES = new Set(["localhost", "127.0.0.1", "[::1]"]);

/** Why this URL cannot receive webhooks, as a clause with its own subject ("it must be …"), or null when it can. */
export async function receiverRefusal(
  raw: string,
  allowLoopback: boolean,
  resolve: Resolve = systemResolve,
): Promise<string | null> {
  if (!URL.canParse(raw)) return "it is not a URL";
  const url = new URL(raw);
  const host = url.hostname.toLowerCase();
  const loopbackHost =
    LOOPBACK_NAMES.has(host) || host.endsWith(".localhost") || (isIP(bare(host)) > 0 && isLoopbackAddress(bare(host)));
  if (url.protocol === "http:" && !(allowLoopback && loopbackHost)) return "it must be an https:// URL";
  if (url.protocol !== "https:" && url.protocol !== "http:") return "it must be an https:// URL";
  if (url.username || url.password) return "it must not carry a user name or password";
  if (url.hash) return "it must not have a #fragment";
  let addresses: string[];
  try {
    addresses = isIP(bare(host)) ? [bare(host)] : await resolve(host);
  } catch {
    return `its host ${host} does not resolve`;
  }
  if (addresses.length === 0) return `its host ${host} does not resolve`;
  const allowed = (address: string) => isPublicAddress(address) || (allowLoopback && isLoopbackAddress(address));
  const refused = addresses.find((address) => !allowed(address));
  if (refused)
    return `its host resolves to ${refused}, which is not a public address (loopback, private, link-local and metadata addresses are refused)`;
  return null;
}

const bare = (host: string) => host.replace(/^\[|\]$/g, "");
