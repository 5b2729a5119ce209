import { outboundFetch, outboundUrlProblem } from "@/lib/http/outbound-fetch";

// Fetching an image from a URL an owner typed (the business's logo) from the
// server: a request the server makes for anyone who can save a profile, so it
// goes through the outbound guard (lib/http/outbound-fetch.ts: https only, no
// address that is not public, checked where the socket connects, no
// redirects), with our own site (SITE_URL's origin, plain http in development)
// trusted on any address. On top of it: a 200, an image type, a time and a size
// limit. No Next.js, no database.

export const REMOTE_IMAGE_TIMEOUT_MS = 5_000;
export const REMOTE_IMAGE_MAX_BYTES = 1024 * 1024;
export const REMOTE_IMAGE_TYPES = ["image/png", "image/jpeg", "image/gif", "image/webp", "image/avif"] as const;

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
  return outboundUrlProblem(url, [policy.siteOrigin]);
}

export type RemoteImage = { body: Buffer; contentType: (typeof REMOTE_IMAGE_TYPES)[number] };

const contentTypeOf = (value: string | undefined) => (value ?? "").split(";")[0]!.trim().toLowerCase();

/**
 * The image at `url` under the policy above; throws (OutboundRefused or a
 * network error) for anything else. The caller decides what shows instead.
 */
export async function fetchRemoteImage(url: URL, policy: RemoteImagePolicy): Promise<RemoteImage> {
  const { body, headers } = await outboundFetch(url, {
    headers: { accept: REMOTE_IMAGE_TYPES.join(", "), "user-agent": "Loyaltap wallet pass" },
    timeoutMs: policy.timeoutMs ?? REMOTE_IMAGE_TIMEOUT_MS,
    maxBytes: policy.maxBytes ?? REMOTE_IMAGE_MAX_BYTES,
    trustedOrigins: [policy.siteOrigin],
    inspect: (status, answer) => {
      // Redirects are not followed: the next address would escape the checks.
      if (status !== 200) return `the answer was ${status}, not 200`;
      const contentType = contentTypeOf(answer["content-type"]);
      if (!(REMOTE_IMAGE_TYPES as readonly string[]).includes(contentType))
        return `${contentType || "no content type"} is not an image type we take`;
      return null;
    },
  });
  return { body, contentType: contentTypeOf(headers["content-type"]) as RemoteImage["contentType"] };
}
