import { BlockList, isIP } from "node:net";

// Which IP addresses are somewhere on the public internet. The server fetches
// URLs that people typed (a business's logo, a browser's push endpoint); those
// requests must never reach the server's own network, its cloud's metadata
// service or the services beside it (docs/input-handling.md, "Outbound requests").

// Not public: RFC 6890's special-purpose registries, and friends.
const notPublic = new BlockList();
for (const [network, prefix] of [
  ["0.0.0.0", 8],
  ["10.0.0.0", 8],
  ["100.64.0.0", 10],
  ["127.0.0.0", 8],
  ["169.254.0.0", 16],
  ["172.16.0.0", 12],
  ["192.0.0.0", 24],
  ["192.0.2.0", 24],
  ["192.88.99.0", 24],
  ["192.168.0.0", 16],
  ["198.18.0.0", 15],
  ["198.51.100.0", 24],
  ["203.0.113.0", 24],
  ["224.0.0.0", 4],
  ["240.0.0.0", 4],
] as const)
  notPublic.addSubnet(network, prefix, "ipv4");
for (const [network, prefix] of [
  // The unspecified and loopback addresses, and the deprecated IPv4-compatible
  // addresses (::a9fe:a9fe is 169.254.169.254 to some stacks).
  ["::", 96],
  ["64:ff9b::", 96],
  ["64:ff9b:1::", 48],
  ["100::", 64],
  ["2001::", 23],
  ["2001:db8::", 32],
  ["2002::", 16],
  ["fc00::", 7],
  ["fe80::", 10],
  ["fec0::", 10],
  ["ff00::", 8],
] as const)
  notPublic.addSubnet(network, prefix, "ipv6");

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included), or null. */
function ipv6Groups(address: string): number[] | null {
  let text = address;
  const dotted = /^(.*:)(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (dotted) {
    if (isIP(dotted[2]!) !== 4) return null;
    const [a, b, c, d] = dotted[2]!.split(".").map(Number) as [number, number, number, number];
    text = `${dotted[1]}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const halves = text.split("::");
  if (halves.length > 2) return null;
  const groups = (part: string) =>
    part === "" ? [] : part.split(":").map((group) => (/^[0-9a-f]{1,4}$/i.test(group) ? parseInt(group, 16) : NaN));
  const head = groups(halves[0]!);
  const tail = halves.length === 2 ? groups(halves[1]!) : [];
  if ([...head, ...tail].some(Number.isNaN)) return null;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  return [...head, ...Array<number>(missing).fill(0), ...tail];
}

const dottedOf = (high: number, low: number) => [high >> 8, high & 255, low >> 8, low & 255].join(".");

/**
 * Whether the server may not connect to `address`: private, loopback,
 * link-local, CGNAT, unique-local, multicast, unspecified, reserved or
 * documentation-only, IPv4 or IPv6. An IPv4 address written as IPv6
 * (::ffff:10.0.0.1, ::ffff:0:a00:1) is judged as that IPv4 address; the
 * deprecated IPv4-compatible form (::/96) is never public. Anything that is
 * not an IP address counts as not public.
 */
export function isNonPublicAddress(address: string): boolean {
  // Brackets of a URL's host, and an IPv6 zone ("%eth0"), which BlockList does not understand.
  const bare = address.replace(/^\[|\]$/g, "").replace(/%.*$/, "");
  const family = isIP(bare);
  if (family === 4) return notPublic.check(bare, "ipv4");
  if (family !== 6) return true;
  const groups = ipv6Groups(bare);
  if (!groups) return true;
  const zeros = (count: number) => groups.slice(0, count).every((group) => group === 0);
  // IPv4-mapped (::ffff:0:0/96) and IPv4-translated (::ffff:0:0:0/96).
  if (zeros(5) && groups[5] === 0xffff) return notPublic.check(dottedOf(groups[6]!, groups[7]!), "ipv4");
  if (zeros(4) && groups[4] === 0xffff && groups[5] === 0)
    return notPublic.check(dottedOf(groups[6]!, groups[7]!), "ipv4");
  return notPublic.check(bare, "ipv6");
}
