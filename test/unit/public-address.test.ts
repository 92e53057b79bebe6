// Which addresses a server fetching strangers' URLs may connect to (lib/http/public-address.ts):
// IANA's special-purpose ranges, and every IPv6 form that carries an IPv4 address judged by the
// IPv4 address it carries.
import { describe, expect, it } from "vitest";
import { isPublicAddress } from "../../lib/http/public-address";

const NOT_PUBLIC = {
  "IPv4 special ranges": [
    "0.0.0.0",
    "10.0.0.1",
    "100.64.0.1",
    "127.0.0.1",
    "169.254.169.254",
    "172.16.0.1",
    "192.0.0.8",
    "192.0.2.1",
    "192.88.99.1",
    "192.168.1.1",
    "198.18.0.1",
    "198.51.100.1",
    "203.0.113.1",
    "224.0.0.1",
    "255.255.255.255",
  ],
  "IPv6 special ranges": [
    "::",
    "::1",
    "fc00::1",
    "fd12:3456::1",
    "fe80::1",
    "fe80::1%eth0",
    "fec0::1",
    "ff02::1",
    "100::1",
    "2001:db8::1",
    "3fff::1",
    "5f00::1",
    "1::",
    "4000::1",
  ],
  "IPv4-mapped": ["::ffff:127.0.0.1", "::ffff:7f00:1", "::ffff:a9fe:a9fe", "0:0:0:0:0:ffff:10.0.0.1"],
  "IPv4-compatible (deprecated), any address": ["::127.0.0.1", "::7f00:1", "::8.8.8.8"],
  "IPv4-translated": ["::ffff:0:7f00:1", "::ffff:0:192.168.0.1"],
  "NAT64 well-known prefix": ["64:ff9b::7f00:1", "64:ff9b::127.0.0.1", "64:ff9b::a9fe:a9fe", "64:ff9b::a00:1"],
  "NAT64 local-use prefix, any address": ["64:ff9b:1::808:808", "64:ff9b:1:2::1"],
  "6to4": ["2002:7f00:1::", "2002:a00:1::1", "2002:c0a8:101:1::1", "2002:a9fe:a9fe::"],
  "Teredo, any address": ["2001:0:4136:e378:8000:63bf:80ff:fffe", "2001::1"],
  "ISATAP interface ids": [
    "2600::5efe:a9fe:a9fe",
    "2600::200:5efe:7f00:1",
    "2600::100:5efe:a00:1",
    "fe80::5efe:808:808",
  ],
  "not an address": ["", "localhost", "example.com", "1.2.3", "::g"],
};

const PUBLIC = [
  "8.8.8.8",
  "93.184.215.14",
  "1.1.1.1",
  "2606:4700:4700::1111",
  "2a00:1450:4001:80b::200e",
  "::ffff:8.8.8.8",
  "::ffff:0:808:808",
  "64:ff9b::808:808",
  "2002:808:808::1",
  "2600::200:5efe:808:808",
];

describe("isPublicAddress", () => {
  for (const [kind, addresses] of Object.entries(NOT_PUBLIC)) {
    it.each(addresses)(`refuses ${kind}: %s`, (address) => {
      expect(isPublicAddress(address)).toBe(false);
    });
  }

  it.each(PUBLIC)("accepts the public address %s", (address) => {
    expect(isPublicAddress(address)).toBe(true);
  });
});
