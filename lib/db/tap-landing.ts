import "server-only";
import { cachedQuery, cacheTags } from "@/lib/cache";
import { db } from "@/lib/db";
import { toPublicBusiness, type PublicBusiness } from "@/lib/business/public-business";
import { publicBusinessSelect } from "@/lib/db/businesses";
import { runningProgramsQuery } from "@/lib/db/visit-types";
import { describeOffer, type LoyaltyLine } from "@/lib/loyalty";
import { closureAt, dayOf, type Closure } from "@/lib/business/season-pause";

// The public part of a tag landing (tag → business card → programs), the same
// for every visitor, cached as two entries so an edit expires only what it
// changed (docs/caching.md). Pages render from it; a visit never decides from
// it (lib/db/visits.ts reads what decides in its own transaction):
// - the tag (does it exist, which business holds it, is it secure), under
//   cacheTags.tag(id): claim, release and secure on/off expire it;
// - the business (public card, owner, time zone, running programs), under
//   cacheTags.business(id): a profile or program edit expires it, and with it every landing of that business's tags and its
//   public card, and nothing of any other business.
// A business whose owner's account is disabled is withdrawn: its card is a
// 404 and its tags lead nowhere (not found, and not offered for claiming)
// until the account is enabled again; enabling or disabling expires the
// business's entry.
// The lib/db functions that write these rows expire the tags.

export type ProgramSummary = {
  id: string;
  type: string;
  name: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
  /** The rule and the reward in the engine's words (null: rules that no longer validate). */
  offer: LoyaltyLine | null;
};

/** A location row as the public card selects it: openingHours is the stored JSON, unchecked. */
export type LandingLocation = {
  id: string;
  name: string;
  address: string | null;
  placeId: string | null;
  openingHours: unknown;
};

export type BusinessLanding = {
  business: PublicBusiness;
  ownerId: string;
  timezone: string;
  programs: ProgramSummary[];
  /** The owner lets visitors start a card without an account (docs/authentication.md, "Guests"). */
  guestCards: boolean;
  /**
   * Closed for the season (docs/business-lifecycle.md): since when (ISO) and the
   * local day it reopens on the morning of. Pages decide at render whether it is
   * closed now (lib/business/season-pause.ts); a visit decides in its own statement.
   */
  pause: { pausedAt: string | null; pausedUntil: string | null };
};

/**
 * The public card's landing: the business's, and its open locations in the
 * owner's order (docs/locations.md, "What owners and customers see"), as
 * stored: toPublicLocation (lib/business/public-locations.ts) reads them.
 */
export type PublicCardLanding = BusinessLanding & { locations: LandingLocation[] };

export type TapLanding =
  /** `withdrawn`: the tag's business is withdrawn (its owner's account is disabled). */
  | { exists: false; withdrawn?: true }
  | { exists: true; claimed: false }
  | ({ exists: true; claimed: true; secure: boolean } & BusinessLanding);

type CachedTag = { exists: false } | { exists: true; businessId: string | null; secure: boolean };

/** The cache holds JSON: dates travel as ISO strings. */
type CachedBusiness = Omit<BusinessLanding, "business"> & {
  business: Omit<PublicBusiness, "updatedAt"> & { updatedAt: string };
};

// Lifetimes only bound what no write expires (a row changed by hand); every
// change made through the app expires its tag at once.
const TAG_LIFETIME_S = 300;
const BUSINESS_LIFETIME_S = 300;
const SLUG_LIFETIME_S = 3600;

async function loadTag(tagId: string): Promise<CachedTag> {
  const tag = await db.tag.findUnique({ where: { id: tagId }, select: { businessId: true, secure: true } });
  return tag ? { exists: true, businessId: tag.businessId, secure: tag.secure } : { exists: false };
}

/** null: no such business; "withdrawn": its owner's account is disabled. */
async function loadBusiness(businessId: string): Promise<CachedBusiness | "withdrawn" | null> {
  const row = await db.business.findUnique({
    where: { id: businessId },
    select: {
      ...publicBusinessSelect,
      ownerId: true,
      owner: { select: { disabledAt: true } },
      timezone: true,
      guestCards: true,
      pausedAt: true,
      pausedUntil: true,
      programs: {
        ...runningProgramsQuery,
        select: {
          id: true,
          type: true,
          name: true,
          description: true,
          startDate: true,
          endDate: true,
          rules: true,
          rewardName: true,
        },
      },
    },
  });
  if (!row) return null;
  const { ownerId, owner, timezone, guestCards, pausedAt, pausedUntil, programs, ...publicRow } = row;
  if (owner.disabledAt) return "withdrawn";
  const business = toPublicBusiness(publicRow);
  return {
    business: { ...business, updatedAt: business.updatedAt.toISOString() },
    ownerId,
    timezone,
    guestCards,
    pause: { pausedAt: pausedAt?.toISOString() ?? null, pausedUntil: dayOf(pausedUntil) },
    // The rules stay here: pages get what the program offers, described by the engine.
    programs: programs.map(({ rules, rewardName, ...p }) => ({
      ...p,
      startDate: p.startDate?.toISOString() ?? null,
      endDate: p.endDate?.toISOString() ?? null,
      offer: describeOffer(p.type, rules, rewardName),
    })),
  };
}

/** The business's open locations, for its public card only: the tap pages never pay for them. */
async function loadLocations(businessId: string): Promise<LandingLocation[]> {
  const rows = await db.location.findMany({
    where: { businessId, closedAt: null },
    orderBy: [{ position: "asc" }, { createdAt: "asc" }, { id: "asc" }],
    select: { id: true, name: true, address: true, placeId: true, openingHours: true },
  });
  return rows;
}

async function loadBusinessIdBySlug(slug: string): Promise<string | null> {
  return (await db.business.findUnique({ where: { slug }, select: { id: true } }))?.id ?? null;
}

const cachedTag = (tagId: string) =>
  cachedQuery(loadTag, ["tap-landing-tag", tagId], { tags: [cacheTags.tag(tagId)], revalidate: TAG_LIFETIME_S })(tagId);

const cachedBusiness = (businessId: string) =>
  cachedQuery(loadBusiness, ["public-business", businessId], {
    tags: [cacheTags.business(businessId)],
    revalidate: BUSINESS_LIFETIME_S,
  })(businessId);

/** A business's public landing data (card, programs, rules), cached under its business tag; null if there is none or it is withdrawn. */
export async function getBusinessLanding(businessId: string): Promise<BusinessLanding | null> {
  const cached = await cachedBusiness(businessId);
  if (!cached || cached === "withdrawn") return null;
  return { ...cached, business: { ...cached.business, updatedAt: new Date(cached.business.updatedAt) } };
}

export async function getTapLanding(tagId: string): Promise<TapLanding> {
  const tag = await cachedTag(tagId);
  if (!tag.exists) return tag;
  if (!tag.businessId) return { exists: true, claimed: false };
  const business = await cachedBusiness(tag.businessId);
  // Withdrawn: the tag leads nowhere, and is not offered for claiming either.
  if (business === "withdrawn") return { exists: false, withdrawn: true };
  // The tag names a business that is gone (a cache entry outliving its row): as unclaimed.
  if (!business) return { exists: true, claimed: false };
  return {
    exists: true,
    claimed: true,
    secure: tag.secure,
    ...business,
    business: { ...business.business, updatedAt: new Date(business.business.updatedAt) },
  };
}

/**
 * The public card of /b/<slug> with its programs and open locations: the slug's
 * business (cached under the slug tag), then its cached landing data and its
 * locations, each cached under the business's tag (a location's change expires it).
 */
export async function getPublicCardLanding(slug: string): Promise<PublicCardLanding | null> {
  const businessId = await cachedQuery(loadBusinessIdBySlug, ["public-slug", slug], {
    tags: [cacheTags.slug(slug)],
    revalidate: SLUG_LIFETIME_S,
  })(slug);
  if (!businessId) return null;
  const [landing, locations] = await Promise.all([
    getBusinessLanding(businessId),
    cachedQuery(loadLocations, ["public-locations", businessId], {
      tags: [cacheTags.business(businessId)],
      revalidate: BUSINESS_LIFETIME_S,
    })(businessId),
  ]);
  return landing ? { ...landing, locations } : null;
}

/** The public card of /b/<slug>: the business alone. */
export async function getPublicCard(slug: string): Promise<PublicBusiness | null> {
  return (await getPublicCardLanding(slug))?.business ?? null;
}

/**
 * Whether the landing's business is closed for the season at `now`, by the
 * cached entry (pages only; a pause or reopening expires it, and a pause that
 * ends by its date shows until the entry's lifetime at most).
 */
export function landingClosure(landing: Pick<BusinessLanding, "pause" | "timezone">, now: Date): Closure | null {
  // An entry cached before the field existed has none: open.
  if (!landing.pause) return null;
  const pausedAt = landing.pause.pausedAt ? new Date(landing.pause.pausedAt) : null;
  return closureAt({ pausedAt, pausedUntil: landing.pause.pausedUntil }, landing.timezone, now);
}
