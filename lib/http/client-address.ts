// The client's address, as this server saw it: route handlers get only headers, and the
// X-Forwarded-For that `next start` passes on is whatever the client wrote (it adds the socket
// address only when the header is absent). So the Node server's 'request' event stamps every
// request with the address it resolved, replacing any header of that name the client sent: the
// socket's peer, or, when the peer is a configured trusted proxy (TRUSTED_PROXIES), the nearest
// X-Forwarded-For entry that is not a trusted proxy itself. Limits keyed on addresses (sign-in)
// read only this header.
import { Server, type IncomingMessage } from "node:http";
import { BlockList, isIPv4, isIPv6 } from "node:net";

export const CLIENT_ADDRESS_HEADER = "x-brand-ops-client-address";
const UNKNOWN = "unknown";

/** A BlockList of the addresses and CIDR ranges, or the first entry it cannot read. */
export function trustedProxyList(entries: readonly string[]): { list: BlockList } | { invalid: string } {
  const list = new BlockList();
  for (const entry of entries) {
    const [address, prefix] = entry.split("/") as [string, string | undefined];
    const family = isIPv4(address) ? "ipv4" : isIPv6(address) ? "ipv6" : undefined;
    const bits = prefix === undefined ? undefined : Number(prefix);
    if (
      !family ||
      (prefix !== undefined && !(Number.isInteger(bits) && bits! >= 0 && bits! <= (family === "ipv4" ? 32 : 128)))
    )
      return { invalid: entry };
    if (bits === undefined) list.addAddress(address, family);
    else list.addSubnet(address, bits, family);
  }
  return { list };
}

/** "::ffff:10.0.0.1" is the IPv4 address 10.0.0.1. */
function plain(address: string): string {
  return address.startsWith("::ffff:") && isIPv4(address.slice(7)) ? address.slice(7) : address;
}

function isTrusted(list: BlockList, address: string): boolean {
  if (isIPv4(address)) return list.check(address, "ipv4");
  return isIPv6(address) && list.check(address, "ipv6");
}

export function resolveClientAddress(
  peer: string | undefined,
  forwardedFor: string | string[] | undefined,
  trusted: BlockList | undefined,
): string {
  let current = peer ? plain(peer) : UNKNOWN;
  if (!trusted) return current;
  const chain = (Array.isArray(forwardedFor) ? forwardedFor.join(",") : (forwardedFor ?? ""))
    .split(",")
    .map((item) => plain(item.trim()))
    .filter(Boolean);
  while (isTrusted(trusted, current) && chain.length > 0) current = chain.pop()!;
  return current;
}

const marker = Symbol.for("brand-ops.client-address");

/** Installs the stamping once per process (instrumentation, before the first request). */
export function installClientAddress(trusted: BlockList | undefined): void {
  const prototype = Server.prototype as Server & { [marker]?: boolean };
  if (prototype[marker]) return;
  prototype[marker] = true;
  const emit = prototype.emit;
  prototype.emit = function (this: Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const request = args[0] as IncomingMessage;
      request.headers[CLIENT_ADDRESS_HEADER] = resolveClientAddress(
        request.socket.remoteAddress,
        request.headers["x-forwarded-for"],
        trusted,
      );
    }
    return (emit as (this: Server, event: string | symbol, ...rest: unknown[]) => boolean).call(this, event, ...args);
  } as Server["emit"];
}

/** The stamped address of a request (route handlers), "unknown" if none was stamped. */
export function clientAddressOf(headers: Headers): string {
  return headers.get(CLIENT_ADDRESS_HEADER) ?? UNKNOWN;
}
