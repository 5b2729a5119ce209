import { resolveTheme, type Theme } from "@/lib/business/theme";
import { businessLocale, type Locale } from "@/lib/i18n/locales";

// What anyone may see of a business (its public card): no owner, and of its
// settings only the language its public pages are shown in.
// Pure: lib/db reads the row (publicBusinessSelect), this turns it into the
// shape pages and the tap API show, rendering only http(s) links.

export type PublicBusiness = {
  id: string;
  slug: string;
  name: string;
  logoUrl: string | null;
  description: string | null;
  keywords: string[];
  website: string | null;
  phone: string | null;
  address: string | null;
  /** network name → http(s) link */
  socialMedia: Record<string, string>;
  theme: Theme;
  /** The language its visitors' pages (tap page, card) are shown in: settings.language. */
  language: Locale;
  updatedAt: Date;
};

/** The row as selected: JSON columns still unchecked. */
export type PublicBusinessRow = Omit<PublicBusiness, "socialMedia" | "theme" | "language"> & {
  socialMedia: unknown;
  theme: unknown;
  /** Only its language is public; the rest of the settings stays here. */
  settings: unknown;
};

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== "string") return false;
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Row → public shape: theme resolved, and only http(s) links ever rendered. */
export function toPublicBusiness(row: PublicBusinessRow): PublicBusiness {
  const social =
    row.socialMedia && typeof row.socialMedia === "object" && !Array.isArray(row.socialMedia)
      ? Object.fromEntries(Object.entries(row.socialMedia as Record<string, unknown>).filter(([, v]) => isHttpUrl(v)))
      : {};
  const { settings, ...rest } = row;
  return {
    ...rest,
    website: isHttpUrl(row.website) ? row.website : null,
    logoUrl: isHttpUrl(row.logoUrl) ? row.logoUrl : null,
    socialMedia: social as Record<string, string>,
    theme: resolveTheme(row.theme),
    language: businessLocale(settings),
  };
}
