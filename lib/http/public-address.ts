// Whether an IP address is one a server fetching URLs chosen by strangers may connect to: not
// loopback, private, link-local, shared, reserved, multicast or documentation space, and not an
// IPv6 address that carries such an IPv4 address inside it. Those forms reach the IPv4 host
// through this host's own stack (mapped, compatible, translated), a NAT64 gateway or a tunnel
// (6to4, ISATAP), so `[64:ff9b::7f00:1]` is 127.0.0.1 by another name. Ranges from IANA's IPv4
// and IPv6 Special-Purpose Address Registries (RFC 6890) and the RFCs named beside them.
import { BlockList, isIPv4, isIPv6 } from "node:net";

const blockList = (family: "ipv4" | "ipv6", subnets: readonly (readonly [string, number])[]) => {
  const list = new BlockList();
  for (const [network, prefix] of subnets) list.addSubnet(network, prefix, family);
  return list;
};

const IPV4_NON_PUBLIC = blockList("ipv4", [
  ["0.0.0.0", 8], // "this network" (RFC 791)
  ["10.0.0.0", 8], // private (RFC 1918)
  ["100.64.0.0", 10], // shared address space, carrier-grade NAT (RFC 6598)
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, where cloud metadata services answer
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments (RFC 6890)
  ["192.0.2.0", 24], // documentation (RFC 5737)
  ["192.88.99.0", 24], // 6to4 relay anycast (RFC 7526)
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking (RFC 2544)
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 3], // multicast, reserved and broadcast: everything from 224.0.0.0 up
]);

// IANA has allocated only 2000::/3 for global unicast; the rest of the IPv6 space is reserved,
// unique-local (fc00::/7), link-local (fe80::/10), site-local or multicast, and is refused unless
// it carries a public IPv4 address (below). Inside 2000::/3, these are not public either:
const GLOBAL_UNICAST = blockList("ipv6", [["2000::", 3]]);
const IPV6_NON_PUBLIC = blockList("ipv6", [
  // IETF protocol assignments (RFC 2928), Teredo 2001::/32 included: a Teredo address hides its
  // client's IPv4 address (inverted, RFC 4380 §4) behind a relay; nothing a document is served from
  ["2001::", 23],
  ["2001:db8::", 32], // documentation (RFC 3849)
  ["3fff::", 20], // documentation (RFC 9637)
]);

// Outside 2000::/3 yet reachable: the forms that stand for an IPv4 address, IPv4-mapped
// (RFC 4291 §2.5.5.2), IPv4-translated (RFC 2765 §2.1) and NAT64's well-known prefix (RFC 6052
// §2.1), the address in the last 32 bits. IPv4-compatible ::a.b.c.d (RFC 4291 §2.5.5.1,
// deprecated) and local-use NAT64 64:ff9b:1::/48 (RFC 8215) are not among them: refused whole.
const IPV4_FORMS = blockList("ipv6", [
  ["::ffff:0:0", 96],
  ["::ffff:0:0:0", 96],
  ["64:ff9b::", 96],
]);
const SIX_TO_FOUR = blockList("ipv6", [["2002::", 16]]); // 6to4 (RFC 3056 §2): bits 16 to 47

export function isPublicAddress(address: string): boolean {
  if (isIPv4(address)) return !IPV4_NON_PUBLIC.check(address, "ipv4");
  if (!isIPv6(address)) return false;
  const bare = address.split("%")[0]!; // a zone (fe80::1%eth0) is only ever on link-local addresses
  if (IPV6_NON_PUBLIC.check(bare, "ipv6")) return false;
  if (embeddedIPv4(bare).some((inner) => IPV4_NON_PUBLIC.check(inner, "ipv4"))) return false;
  return GLOBAL_UNICAST.check(bare, "ipv6") || IPV4_FORMS.check(bare, "ipv6");
}

/** The IPv4 addresses an IPv6 address carries (none for most). */
function embeddedIPv4(address: string): string[] {
  const groups = ipv6Groups(address);
  const at = (index: number) =>
    `${groups[index]! >> 8}.${groups[index]! & 255}.${groups[index + 1]! >> 8}.${groups[index + 1]! & 255}`;
  const found: string[] = [];
  if (IPV4_FORMS.check(address, "ipv6")) found.push(at(6));
  if (SIX_TO_FOUR.check(address, "ipv6")) found.push(at(1));
  // ISATAP (RFC 5214 §6.1): under any prefix, an interface id of 0000:5efe, or 0200:5efe with
  // the universal bit (the group bit may be set as well), followed by the IPv4 address
  if ((groups[4]! & 0xfcff) === 0 && groups[5] === 0x5efe) found.push(at(6));
  return found;
}

/**
 * The eight 16-bit groups of an IPv6 address. WHATWG URL parsing does the reading (it accepts
 * every textual form, dotted IPv4 tails included) and serializes hexadecimal groups with at most
 * one "::", which is then only expanded.
 */
function ipv6Groups(address: string): number[] {
  const canonical = new URL(`http://[${address}]/`).hostname.slice(1, -1);
  const [head = "", tail] = canonical.split("::");
  const read = (text: string) => (text ? text.split(":").map((group) => parseInt(group, 16)) : []);
  if (tail === undefined) return read(head);
  const [left, right] = [read(head), read(tail)];
  return [...left, ...new Array<number>(8 - left.length - right.length).fill(0), ...right];
}
