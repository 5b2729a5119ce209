import "server-only";
import { cachedQuery, cacheTags, expireTags } from "@/lib/cache";
import { db, Prisma } from "@/lib/db";
import type { OwnerSummaryFrequency } from "@/lib/business/owner-summary";
import { toPublicBusiness, type PublicBusiness } from "@/lib/business/public-business";
import { normaliseTheme, type StoredTheme } from "@/lib/business/theme";
import type { BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { profileRowData } from "@/lib/validation/business-profile-form";
import { businessLocale, type Locale } from "@/lib/i18n/locales";
import { prismaExecutor, type InTransaction } from "@/lib/db/sql";

// Businesses: the public card (lib/business/public-business.ts turns the row
// into what pages show) and the owner's own business. The editor's starting
// values: lib/validation/business-profile-form.ts.

// What anyone may see of a business (its public card): no owner; settings only
// for its language (toPublicBusiness keeps nothing else of them).
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
  settings: true,
  updatedAt: true,
} as const satisfies Prisma.BusinessSelect;

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
  guestCards: true,
  ownerSummary: true,
} as const satisfies Prisma.BusinessSelect;

export type OwnedBusiness = PublicBusiness & {
  timezone: string;
  dailyTapLimit: number;
  guestCards: boolean;
  ownerSummary: OwnerSummaryFrequency;
  storedTheme: StoredTheme;
};

/**
 * The caller's own business, looked up by id or, failing that, by slug (so
 * `/dashboard/business/cafe-central` works too). Anyone else's: null.
 */
export async function getOwnedBusiness(ownerId: string, idOrSlug: string): Promise<OwnedBusiness | null> {
  const row =
    (await db.business.findFirst({ where: { id: idOrSlug, ownerId }, select: ownedBusinessSelect })) ??
    (await db.business.findFirst({ where: { slug: idOrSlug, ownerId }, select: ownedBusinessSelect }));
  if (!row) return null;
  const { ownerId: _owner, timezone, dailyTapLimit, guestCards, ownerSummary, ...publicRow } = row;
  return {
    ...toPublicBusiness(publicRow),
    timezone,
    dailyTapLimit,
    guestCards,
    ownerSummary,
    storedTheme: normaliseTheme(row.theme),
  };
}

/**
 * Saves the owner's edit of the public card. `data` has passed
 * businessProfileUpdateSchema. Returns null — and changes nothing — unless
 * `ownerId` owns the business. The slug stays as it is: printed QR codes and
 * shared links keep working after a rename. The business's cached card and
 * landings, and the sitemap (its date), are expired once the edit is saved;
 * `changed` (given the business's id) runs in the edit's transaction.
 */
export async function saveBusinessProfile(
  ownerId: string,
  businessId: string,
  data: BusinessProfileUpdateInput,
  changed: InTransaction<string>,
): Promise<{ slug: string; business: PublicBusiness } | null> {
  const saved = await db.$transaction(async (tx) => {
    const current = await tx.business.findFirst({
      where: { id: businessId, ownerId },
      select: { id: true, settings: true },
    });
    if (!current) return null;
    const settings =
      current.settings && typeof current.settings === "object" && !Array.isArray(current.settings)
        ? current.settings
        : {};
    const row = await tx.business.update({
      where: { id: current.id },
      data: {
        ...profileRowData(data),
        // settings.timezone mirrors the column (the registration payload carries it there).
        // settings.language is the visitors' pages' language; an edit without one keeps it.
        settings: { ...settings, timezone: data.timezone, ...(data.language ? { language: data.language } : {}) },
      },
      select: publicBusinessSelect,
    });
    await changed(prismaExecutor(tx), current.id);
    return { slug: row.slug, business: toPublicBusiness(row) };
  });
  if (saved) expireTags(cacheTags.business(saved.business.id), cacheTags.sitemap);
  return saved;
}

async function loadSitemapEntries(): Promise<{ slug: string; updatedAt: string; language: Locale }[]> {
  // A disabled owner's businesses are withdrawn from the public pages.
  const rows = await db.business.findMany({
    where: { owner: { disabledAt: null } },
    select: { slug: true, updatedAt: true, settings: true },
    orderBy: { createdAt: "asc" },
  });
  return rows.map((row) => ({
    slug: row.slug,
    updatedAt: row.updatedAt.toISOString(),
    language: businessLocale(row.settings),
  }));
}

/**
 * Every public card for sitemap.xml, cached under cacheTags.sitemap: a new
 * business, a profile edit (its date) and an owner disabled or enabled
 * expire it.
 */
export async function listBusinessesForSitemap(): Promise<{ slug: string; updatedAt: Date; language: Locale }[]> {
  // "-v2": entries now carry the business's language; an older entry of another shape is never read.
  const entries = await cachedQuery(loadSitemapEntries, ["sitemap-entries-v2"], {
    tags: [cacheTags.sitemap],
    revalidate: 3600,
  })();
  return entries.map((entry) => ({ ...entry, updatedAt: new Date(entry.updatedAt) }));
}

/**
 * The owner says a tag of theirs is printed or written (the tag's QR page):
 * marks its business for the first steps. Matches the owner in the statement;
 * false for a tag that is not theirs.
 */
export async function markTagPrepared(ownerId: string, tagId: string, now = new Date()): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE "Business" b SET "tagPreparedAt" = COALESCE(b."tagPreparedAt", ${now})
    FROM "Tag" g
    WHERE g."id" = ${tagId} AND g."businessId" = b."id" AND b."ownerId" = ${ownerId}`;
  return count > 0;
}

/**
 * The owner hides the first steps of one business of theirs; false for anyone
 * else's. Raw SQL: neither mark is a profile change, so `updatedAt` (the
 * sitemap's date) stays.
 */
export async function dismissFirstSteps(ownerId: string, businessId: string, now = new Date()): Promise<boolean> {
  const count = await db.$executeRaw`
    UPDATE "Business" SET "setupDismissedAt" = COALESCE("setupDismissedAt", ${now})
    WHERE "id" = ${businessId} AND "ownerId" = ${ownerId}`;
  return count > 0;
}
