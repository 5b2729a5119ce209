import type { OwnerSummaryFrequency } from "@/lib/business/owner-summary";
import type { PublicBusiness } from "@/lib/business/public-business";
import { normaliseTheme, type PlaceholderIcon, type StoredTheme } from "@/lib/business/theme";
import type { BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { formatPhone } from "@/lib/validation/phone";

// A business's public card between the owner's editor and its row: the form
// shows "" for anything unset, the row stores null; social links are rows in
// the form and one { network: url } object in the row. Pure; lib/db/businesses
// reads and writes the rows.

/** The stored business the editor starts from. */
export type StoredBusinessProfile = Omit<PublicBusiness, "theme" | "slug" | "id" | "updatedAt"> & {
  timezone: string;
  dailyTapLimit: number;
  guestCards: boolean;
  ownerSummary: OwnerSummaryFrequency;
  storedTheme: StoredTheme;
};

/** The editor's starting values: what is stored, with "" for anything unset. */
export function profileFormValues(business: StoredBusinessProfile): BusinessProfileUpdateInput {
  const stored = business.storedTheme;
  return {
    name: business.name,
    logoUrl: business.logoUrl ?? "",
    description: business.description ?? "",
    keywords: business.keywords,
    website: business.website ?? "",
    phone: business.phone ? formatPhone(business.phone) : "",
    address: business.address ?? "",
    socialLinks: Object.entries(business.socialMedia).map(([network, url]) => ({ network, url })),
    theme: {
      primaryColor: stored.primaryColor ?? "",
      secondaryColor: stored.secondaryColor ?? "",
      accentColor: stored.accentColor ?? "",
      backgroundColor: stored.backgroundColor ?? "",
      textColor: stored.textColor ?? "",
      descriptionColor: stored.descriptionColor ?? "",
      placeholderIcon: (stored.placeholderIcon ?? "store") as PlaceholderIcon,
    },
    dailyTapLimit: business.dailyTapLimit,
    guestCards: business.guestCards,
    timezone: business.timezone,
    language: business.language,
    ownerSummary: business.ownerSummary,
  };
}

/** The columns an edit that passed businessProfileUpdateSchema stores ("" → null). */
export function profileRowData(data: BusinessProfileUpdateInput) {
  return {
    name: data.name,
    logoUrl: data.logoUrl || null,
    description: data.description || null,
    keywords: data.keywords,
    website: data.website || null,
    phone: data.phone || null,
    address: data.address || null,
    socialMedia: Object.fromEntries(data.socialLinks.map((link) => [link.network, link.url])),
    theme: normaliseTheme(data.theme),
    dailyTapLimit: data.dailyTapLimit,
    timezone: data.timezone,
    ...(data.ownerSummary ? { ownerSummary: data.ownerSummary } : {}),
    ...(data.guestCards === undefined ? {} : { guestCards: data.guestCards }),
  };
}
