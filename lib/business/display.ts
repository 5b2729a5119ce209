// Pure display helpers for a business's public card: hostname shown
// without www, icons for known social networks, only http(s) links rendered.

export const SOCIAL_NETWORKS = [
  "facebook",
  "twitter",
  "x",
  "instagram",
  "linkedin",
  "youtube",
  "tiktok",
  "spotify",
] as const;
export type SocialNetwork = (typeof SOCIAL_NETWORKS)[number];
export type SocialIcon = SocialNetwork | "web";

const NETWORK_LABELS: Record<SocialNetwork, string> = {
  facebook: "Facebook",
  twitter: "Twitter",
  x: "X",
  instagram: "Instagram",
  linkedin: "LinkedIn",
  youtube: "YouTube",
  tiktok: "TikTok",
  spotify: "Spotify",
};

/** The value as a URL string if it is an absolute http(s) link, else null. */
export function safeHttpUrl(value: unknown): string | null {
  if (typeof value !== "string") return null;
  const trimmed = value.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(trimmed);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** "https://www.example.com/path" → "example.com"; null for anything not http(s). */
export function displayHostname(url: unknown): string | null {
  const safe = safeHttpUrl(url);
  if (!safe) return null;
  return new URL(safe).hostname.replace(/^www\./i, "");
}

// "Instagram", " YouTube ", "Tik Tok" all name the same network.
function networkKey(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "");
}

function knownNetwork(name: string): SocialNetwork | null {
  const key = networkKey(name);
  return (SOCIAL_NETWORKS as readonly string[]).includes(key) ? (key as SocialNetwork) : null;
}

/** The icon for a social link: the network's own, else a generic web icon. */
export function socialIconFor(network: string): SocialIcon {
  return knownNetwork(network) ?? "web";
}

/** A keyword named like a social network gets that network's icon; any other keyword none. */
export function keywordIconFor(keyword: string): SocialNetwork | null {
  return knownNetwork(keyword);
}

/** Accessible name of a social link: "Instagram", "LinkedIn", or the network as typed. */
export function socialLabel(network: string): string {
  const known = knownNetwork(network);
  if (known) return NETWORK_LABELS[known];
  const trimmed = network.trim();
  return trimmed ? trimmed.charAt(0).toUpperCase() + trimmed.slice(1) : "Website";
}

/** Social links to render, in a stable order, with non-http(s) links dropped. */
export function socialLinks(
  socialMedia: Record<string, unknown>,
): { network: string; url: string; icon: SocialIcon; label: string }[] {
  return Object.entries(socialMedia).flatMap(([network, value]) => {
    const url = safeHttpUrl(value);
    return url ? [{ network, url, icon: socialIconFor(network), label: socialLabel(network) }] : [];
  });
}

/** `tel:` link for a phone number as typed ("+34 930 000 000" → "tel:+34930000000"). */
export function telHref(phone: string): string | null {
  const digits = phone.replace(/[^0-9+]/g, "");
  return /[0-9]/.test(digits) ? `tel:${digits}` : null;
}
