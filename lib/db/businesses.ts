import "server-only";
import { cachedQuery, cacheTags, expireTags } from "@/lib/cache";
import { db } from "@/lib/db";
import { normaliseTheme, resolveTheme, type PlaceholderIcon, type Theme } from "@/lib/business/theme";
import type { BusinessProfileUpdateInput } from "@/lib/validation/business-profile";

// What anyone may see of a business (its public card): no owner, no settings.
export const publicBusinessSelect = {
  id: true,
  slug: true,
  name: true,
  logoUrl: true,
  description: true,
  keywords: true,
  website: true,
  phone: true,
  address: true,
  socialMedia: true,
  theme: true,
  updatedAt: true,
} as const;

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
  updatedAt: Date;
};

/** The row as selected: JSON columns still unchecked. */
type PublicBusinessRow = Omit<PublicBusiness, "socialMedia" | "theme"> & { socialMedia: unknown; theme: unknown };

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
  return {
    ...row,
    website: isHttpUrl(row.website) ? row.website : null,
    logoUrl: isHttpUrl(row.logoUrl) ? row.logoUrl : null,
    socialMedia: social as Record<string, string>,
    theme: resolveTheme(row.theme),
  };
}

/** Uncached; pages read the cached card (getPublicCard of lib/db/tap-landing). */
export async function getPublicBusinessBySlug(slug: string): Promise<PublicBusiness | null> {
  const row = await db.business.findUnique({ where: { slug }, select: publicBusinessSelect });
  return row ? toPublicBusiness(row) : null;
}

// ---------------------------------------------------------------------------
// Owner's side: read and edit one's own business.

const ownedBusinessSelect = {
  ...publicBusinessSelect,
  ownerId: true,
  timezone: true,
  dailyTapLimit: true,
  settings: true,
} as const;

export type OwnedBusiness = PublicBusiness & { timezone: string; dailyTapLimit: number; storedTheme: ReturnType<typeof normaliseTheme> };

/**
 * The caller's own business, looked up by id or, failing that, by slug (so
 * `/dashboard/business/cafe-central` works too). Anyone else's: null.
 */
export async function getOwnedBusiness(ownerId: string, idOrSlug: string): Promise<OwnedBusiness | null> {
  const row =
    (await db.business.findFirst({ where: { id: idOrSlug, ownerId }, select: ownedBusinessSelect })) ??
    (await db.business.findFirst({ where: { slug: idOrSlug, ownerId }, select: ownedBusinessSelect }));
  if (!row) return null;
  const { ownerId: _owner, settings: _settings, timezone, dailyTapLimit, ...publicRow } = row;
  return { ...toPublicBusiness(publicRow), timezone, dailyTapLimit, storedTheme: normaliseTheme(row.theme) };
}

/** The editor's starting values: what is stored, with "" for anything unset. */
export function profileFormValues(business: OwnedBusiness): BusinessProfileUpdateInput {
  const stored = business.storedTheme;
  return {
    name: business.name,
    logoUrl: business.logoUrl ?? "",
    description: business.description ?? "",
    keywords: business.keywords,
    website: business.website ?? "",
    phone: business.phone ?? "",
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
    timezone: business.timezone,
  };
}

/**
 * Saves the owner's edit of the public card. `data` has passed
 * businessProfileUpdateSchema. Returns null — and changes nothing — unless
 * `ownerId` owns the business. The slug stays as it is: printed QR codes and
 * shared links keep working after a rename. The business's cached card and
 * landings, and the sitemap (its date), are expired once the edit is saved.
 */
export async function updateBusinessProfile(
  ownerId: string,
  businessId: string,
  data: BusinessProfileUpdateInput,
): Promise<{ slug: string; business: PublicBusiness } | null> {
  const saved = await db.$transaction(async (tx) => {
    const current = await tx.business.findFirst({ where: { id: businessId, ownerId }, select: { id: true, settings: true } });
    if (!current) return null;
    const settings =
      current.settings && typeof current.settings === "object" && !Array.isArray(current.settings) ? current.settings : {};
    const row = await tx.business.update({
      where: { id: current.id },
      data: {
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
        // settings.timezone mirrors the column (the registration payload carries it there).
        settings: { ...settings, timezone: data.timezone },
      },
      select: publicBusinessSelect,
    });
    return { slug: row.slug, business: toPublicBusiness(row) };
  });
  if (saved) expireTags(cacheTags.business(saved.business.id), cacheTags.sitemap);
  return saved;
}

async function loadSitemapEntries(): Promise<{ slug: string; updatedAt: string }[]> {
  // A disabled owner's businesses are withdrawn from the public pages.
  const rows = await db.business.findMany({
    where: { owner: { disabledAt: null } },
    select: { slug: true, updatedAt: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => ({ slug: row.slug, updatedAt: row.updatedAt.toISOString() }));
}

/**
 * Every public card for sitemap.xml, cached under cacheTags.sitemap: a new
 * business, a profile edit (its date) and an owner disabled or enabled
 * expire it.
 */
export async function listBusinessesForSitemap(): Promise<{ slug: string; updatedAt: Date }[]> {
  const entries = await cachedQuery(loadSitemapEntries, ["sitemap-entries"], { tags: [cacheTags.sitemap], revalidate: 3600 })();
  return entries.map((entry) => ({ slug: entry.slug, updatedAt: new Date(entry.updatedAt) }));
}
