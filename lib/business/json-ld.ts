import { safeHttpUrl } from "@/lib/business/display";

// schema.org LocalBusiness for the public card, so search engines can show the
// business's name, address, phone and profiles. Pure: built from the public
// card fields only.

export type JsonLdBusiness = {
  name: string;
  description: string | null;
  address: string | null;
  phone: string | null;
  website: string | null;
  logoUrl: string | null;
  socialMedia: Record<string, string>;
};

export type LocalBusinessJsonLd = {
  "@context": "https://schema.org";
  "@type": "LocalBusiness";
  name: string;
  url: string;
  description?: string;
  address?: string;
  telephone?: string;
  sameAs?: string[];
  logo?: string;
  image?: string;
};

/** The LocalBusiness object for a business whose public card lives at `url`. */
export function localBusinessJsonLd(business: JsonLdBusiness, url: string): LocalBusinessJsonLd {
  const logo = safeHttpUrl(business.logoUrl);
  const website = safeHttpUrl(business.website);
  const profiles = Object.values(business.socialMedia).map(safeHttpUrl);
  const sameAs = [...new Set([website, ...profiles].filter((link): link is string => link !== null))];
  return {
    "@context": "https://schema.org",
    "@type": "LocalBusiness",
    name: business.name,
    url,
    ...(business.description ? { description: business.description } : {}),
    ...(business.address ? { address: business.address } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(logo ? { logo, image: logo } : {}),
  };
}

/**
 * JSON for an inline <script type="application/ld+json">: every `<` is
 * escaped so text like "</script>" in a description cannot end the script.
 * (U+2028/2029 too, for older JavaScript parsers reading it.)
 */
export function serializeJsonLd(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");
}
