import { lookup as dnsLookup, type LookupAddress } from "node:dns";
import http from "node:http";
import https from "node:https";
import { BlockList, isIP, type LookupFunction } from "node:net";

// Fetching an image from a URL an owner typed (the business's logo) from the
// server: a request the server makes for anyone who can save a profile, so it
// must not reach the server's own network. Only https, except our own site
// (SITE_URL's origin, plain http in development); no address that is private,
// loopback, link-local or otherwise not on the public internet (our own host
// excepted); no redirects; a time limit, a size limit and image types only.
// The address is checked where the socket connects (the lookup hook), so a
// name that resolves to a public address when checked and to a private one
// when connecting (DNS rebinding) is refused too. No Next.js, no database.

export const REMOTE_IMAGE_TIMEOUT_MS = 5_000;
export const REMOTE_IMAGE_MAX_BYTES = 1024 * 1024;
export const REMOTE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"] as const;

export class RemoteImageRefused extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = "RemoteImageRefused";
  }
}

// Addresses that are not somewhere on the public internet (RFC 6890 and friends).
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
  ["::", 128],
  ["::1", 128],
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

/** Whether an IP address is one the server may not fetch from (private, loopback, link-local, reserved). */
export function isNonPublicAddress(address: string): boolean {
  const bare = address.replace(/^\[|\]$/g, "");
  const family = isIP(bare);
  if (family === 4) return notPublic.check(bare, "ipv4");
  if (family !== 6) return true;
  // An IPv4 address written as IPv6 (::ffff:10.0.0.1, ::ffff:a00:1) is judged as the IPv4 one.
  const mapped = /^::ffff:(?:0:)?(.+)$/i.exec(bare);
  if (mapped) {
    const tail = mapped[1]!;
    if (isIP(tail) === 4) return notPublic.check(tail, "ipv4");
    const hex = /^([0-9a-f]{1,4}):([0-9a-f]{1,4})$/i.exec(tail);
    if (hex) {
      const n = (parseInt(hex[1]!, 16) << 16) | parseInt(hex[2]!, 16);
      return notPublic.check([n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join("."), "ipv4");
    }
    return true;
  }
  return notPublic.check(bare, "ipv6");
}

export type RemoteImagePolicy = {
  /** Our site's origin (SITE_URL): allowed over http too, and on whatever address it resolves to. */
  siteOrigin: string;
  timeoutMs?: number;
  maxBytes?: number;
};

/**
 * Why the server will not fetch `url`, or null when it may try (the address
 * is checked again as the socket connects).
 */
export function remoteImageUrlProblem(url: URL, policy: RemoteImagePolicy): string | null {
  const own = url.origin === new URL(policy.siteOrigin).origin;
  if (url.protocol !== "https:" && !(own && url.protocol === "http:")) return "only https URLs are fetched";
  if (url.username || url.password) return "URLs with credentials are not fetched";
  if (!own && isIP(url.hostname.replace(/^\[|\]$/g, "")) && isNonPublicAddress(url.hostname))
    return "the address is not public";
  return null;
}

function guardedLookup(allowAnyAddress: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, "", 0);
      const refused = !allowAnyAddress && addresses.some((entry) => isNonPublicAddress(entry.address));
      if (refused || addresses.length === 0) {
        return callback(new RemoteImageRefused(`${hostname} resolves to an address that is not public`), "", 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      callback(null, addresses[0]!.address, addresses[0]!.family);
    });
  };
}

export type RemoteImage = { body: Buffer; contentType: (typeof REMOTE_IMAGE_TYPES)[number] };

/**
 * The image at `url` under the policy above; throws (RemoteImageRefused or a
 * network error) for anything else. The caller decides what shows instead.
 */
export function fetchRemoteImage(url: URL, policy: RemoteImagePolicy): Promise<RemoteImage> {
  const problem = remoteImageUrlProblem(url, policy);
  if (problem) return Promise.reject(new RemoteImageRefused(problem));
  const own = url.origin === new URL(policy.siteOrigin).origin;
  const timeoutMs = policy.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS;
  const maxBytes = policy.maxBytes ?? REMOTE_IMAGE_MAX_BYTES;
  const client = url.protocol === "https:" ? https : http;
  return new Promise<RemoteImage>((resolve, reject) => {
    let settled = false;
    const fail = (error: Error) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      reject(error);
    };
    const request = client.get(
      url,
      {
        lookup: guardedLookup(own),
        headers: { accept: REMOTE_IMAGE_TYPES.join(", "), "user-agent": "Loyaltap wallet pass" },
        // A fresh connection each time: a kept-alive socket would skip the address check.
        agent: false,
      },
      (response) => {
        const status = response.statusCode ?? 0;
        // Redirects are not followed: the next address would escape the checks above.
        if (status !== 200) return fail(new RemoteImageRefused(`the answer was ${status}, not 200`));
        const contentType = (response.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
        if (!(REMOTE_IMAGE_TYPES as readonly string[]).includes(contentType))
          return fail(new RemoteImageRefused(`${contentType || "no content type"} is not an image type we take`));
        const declared = Number(response.headers["content-length"]);
        if (Number.isFinite(declared) && declared > maxBytes)
          return fail(new RemoteImageRefused(`the image is larger than ${maxBytes} bytes`));
        const chunks: Buffer[] = [];
        let size = 0;
        response.on("data", (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) return fail(new RemoteImageRefused(`the image is larger than ${maxBytes} bytes`));
          chunks.push(chunk);
        });
        response.on("end", () => {
          if (settled) return;
          settled = true;
          clearTimeout(timer);
          resolve({ body: Buffer.concat(chunks), contentType: contentType as RemoteImage["contentType"] });
        });
        response.on("error", fail);
      },
    );
    request.on("error", fail);
    const timer = setTimeout(() => fail(new RemoteImageRefused(`no image within ${timeoutMs} ms`)), timeoutMs);
  });
}
