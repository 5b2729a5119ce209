import { safeHttpUrl } from "@/lib/business/display";
import { listsLocations, locationAnchor, type PublicLocation } from "@/lib/business/public-locations";
import type { OpeningHoursEntry } from "@/lib/locations/format-hours";

// schema.org LocalBusiness for the public card, so search engines can show the
// business's name, address, phone and profiles. Pure: built from the public
// card fields only. A business with several open locations is an Organization
// with one LocalBusiness per location (docs/locations.md, "JSON-LD").

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

/** The business's own fields, shared by its LocalBusiness and its Organization. */
function businessFields(business: JsonLdBusiness, url: string) {
  const logo = safeHttpUrl(business.logoUrl);
  const website = safeHttpUrl(business.website);
  const profiles = Object.values(business.socialMedia).map(safeHttpUrl);
  const sameAs = [...new Set([website, ...profiles].filter((link): link is string => link !== null))];
  return {
    name: business.name,
    url,
    ...(business.description ? { description: business.description } : {}),
    ...(business.address ? { address: business.address } : {}),
    ...(business.phone ? { telephone: business.phone } : {}),
    ...(sameAs.length ? { sameAs } : {}),
    ...(logo ? { logo, image: logo } : {}),
  };
}

/** The LocalBusiness object for a business whose public card lives at `url`. */
export function localBusinessJsonLd(business: JsonLdBusiness, url: string): LocalBusinessJsonLd {
  return { "@context": "https://schema.org", "@type": "LocalBusiness", ...businessFields(business, url) };
}

const SCHEMA_DAYS = ["Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday"] as const;

export type OpeningHoursSpecification = {
  "@type": "OpeningHoursSpecification";
  dayOfWeek: (typeof SCHEMA_DAYS)[number][];
  opens: string;
  closes: string;
};

/** One specification per distinct opening (opens, closes), with every day it applies to, in week order. */
export function openingHoursSpecification(entries: readonly OpeningHoursEntry[]): OpeningHoursSpecification[] {
  const specs = new Map<string, OpeningHoursSpecification>();
  for (const entry of entries) {
    const key = `${entry.opens}-${entry.closes}`;
    const spec = specs.get(key) ?? {
      "@type": "OpeningHoursSpecification" as const,
      dayOfWeek: [],
      opens: entry.opens,
      closes: entry.closes,
    };
    const day = SCHEMA_DAYS[entry.day - 1]!;
    if (!spec.dayOfWeek.includes(day)) spec.dayOfWeek.push(day);
    specs.set(key, spec);
  }
  return [...specs.values()];
}

export type LocationJsonLd = {
  "@type": "LocalBusiness";
  "@id": string;
  name: string;
  url: string;
  address?: string;
  openingHoursSpecification?: OpeningHoursSpecification[];
};

export type OrganizationJsonLd = Omit<LocalBusinessJsonLd, "@type"> & {
  "@type": "Organization";
  subOrganization: LocationJsonLd[];
};

/**
 * A location's name as search engines read it: the business's name with the
 * location's ("Café Central Gràcia"), or the location's alone when it already
 * says whose it is (the first location is named after the business).
 */
export function locationJsonLdName(businessName: string, locationName: string): string {
  return locationName.toLocaleLowerCase().includes(businessName.toLocaleLowerCase())
    ? locationName
    : `${businessName} ${locationName}`;
}

/**
 * The card's structured data: while the business has one open location, the
 * LocalBusiness it always had (exactly, so nothing changes for it); with
 * several, an Organization whose `subOrganization` holds one LocalBusiness per
 * location, each with its own stable `@id` (the card's canonical address and
 * the location's entry on it, the same in every language), address and
 * opening hours. `url` is the page's own address (one per language).
 */
export function businessJsonLd(
  business: JsonLdBusiness,
  url: string,
  locations: readonly PublicLocation[],
  canonicalUrl: string = url,
): LocalBusinessJsonLd | OrganizationJsonLd {
  if (!listsLocations(locations)) return localBusinessJsonLd(business, url);
  return {
    "@context": "https://schema.org",
    "@type": "Organization",
    ...businessFields(business, url),
    subOrganization: locations.map((location) => {
      const hours = openingHoursSpecification(location.openingHours);
      return {
        "@type": "LocalBusiness",
        "@id": `${canonicalUrl}#${locationAnchor(location.id)}`,
        name: locationJsonLdName(business.name, location.name),
        url,
        ...(location.address ? { address: location.address } : {}),
        ...(hours.length ? { openingHoursSpecification: hours } : {}),
      };
    }),
  };
}

/** JSON for an inline <script type="application/ld+json"> (lib/http/inline-json.ts). */
export { inlineScriptJson as serializeJsonLd } from "@/lib/http/inline-json";
