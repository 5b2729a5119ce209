import { BlockList, isIP } from "node:net";

// Which network addresses a webhook may be delivered to (docs/webhooks.md,
// "Where a webhook may go"): public unicast only. Pure: the sender checks every
// address a name resolves to with this, at registration and again on every
// delivery, and connects only to the address it checked.

const refused = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8], // "this network", unspecified
  ["10.0.0.0", 8], // private
  ["100.64.0.0", 10], // carrier-grade NAT
  ["127.0.0.0", 8], // loopback
  ["169.254.0.0", 16], // link-local, cloud metadata (169.254.169.254)
  ["172.16.0.0", 12], // private
  ["192.0.0.0", 24], // IETF protocol assignments
  ["192.0.2.0", 24], // documentation
  ["192.168.0.0", 16], // private
  ["198.18.0.0", 15], // benchmarking
  ["198.51.100.0", 24], // documentation
  ["203.0.113.0", 24], // documentation
  ["224.0.0.0", 4], // multicast
  ["240.0.0.0", 4], // reserved, broadcast
] as const)
  refused.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  ["::", 128], // unspecified
  ["::1", 128], // loopback
  ["64:ff9b::", 96], // NAT64: reaches any IPv4 address, private ones included
  ["64:ff9b:1::", 48], // local-use NAT64
  ["100::", 64], // discard
  ["2001:db8::", 32], // documentation
  ["fc00::", 7], // unique local (private)
  ["fe80::", 10], // link-local
  ["fec0::", 10], // site-local (deprecated)
  ["ff00::", 8], // multicast
] as const)
  refused.addSubnet(network, prefix, "ipv6");

/** An IPv6 address that carries an IPv4 one (::ffff:a.b.c.d, ::a.b.c.d): that IPv4 address; otherwise null. */
function embeddedIpv4(address: string): string | null {
  const match = /^::(?:ffff(?::0)?:)?(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (match) return match[1]!;
  // The hexadecimal form of the same (::ffff:7f00:1).
  const hex = /^::ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(address);
  if (!hex) return null;
  const high = parseInt(hex[1]!, 16);
  const low = parseInt(hex[2]!, 16);
  return [high >> 8, high & 255, low >> 8, low & 255].join(".");
}

/** True for an IP address a webhook may be sent to: a public unicast address. Anything else (or no address) is false. */
export function isPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return !refused.check(bare, "ipv4");
  if (family !== 6) return false;
  const v4 = embeddedIpv4(bare.toLowerCase());
  if (v4) return isPublicAddress(v4);
  return !refused.check(bare, "ipv6");
}

/** True for a loopback address (127/8, ::1, ::ffff:127.x): what the test switch may allow. */
export function isLoopbackAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  if (isIP(bare) === 4) return bare.startsWith("127.");
  const v4 = embeddedIpv4(bare.toLowerCase());
  if (v4) return v4.startsWith("127.");
  return isIP(bare) === 6 && /^(0{0,4}:){2,7}0{0,3}1$|^::1$/.test(bare);
}
