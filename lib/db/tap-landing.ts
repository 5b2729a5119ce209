import "server-only";
import { cachedQuery } from "@/lib/cache";
import { db } from "@/lib/db";
import { publicBusinessSelect, toPublicBusiness, type PublicBusiness } from "@/lib/db/businesses";
import { runningProgramsQuery, visitProgramSelect, type VisitProgram } from "@/lib/db/visits";

// The public part of a tag landing (tag → business card → programs), the same
// for every visitor: cached, and invalidated when the tag, the business or its
// programs change (lib/cache-tags). A short lifetime bounds staleness across
// app instances, whose caches are their own.

export type ProgramSummary = {
  id: string;
  type: string;
  name: string;
  description: string | null;
  startDate: string | null;
  endDate: string | null;
};

/** What the loyalty engine needs besides the summary (never sent to a browser). */
type ProgramRules = { rules: unknown; rewardName: string; rewardDescription: string | null; rewardExpiryDays: number | null };

export type TapLanding =
  | { exists: false }
  | { exists: true; claimed: false }
  | {
      exists: true;
      claimed: true;
      business: PublicBusiness;
      ownerId: string;
      timezone: string;
      dailyTapLimit: number;
      secure: boolean;
      programs: (ProgramSummary & ProgramRules)[];
    };

type CachedLanding =
  | { exists: false }
  | { exists: true; claimed: false }
  | (Omit<Extract<TapLanding, { claimed: true }>, "business"> & { business: Omit<PublicBusiness, "updatedAt"> & { updatedAt: string } });

async function loadLanding(tagId: string): Promise<CachedLanding> {
  const tag = await db.tag.findUnique({
    where: { id: tagId },
    select: {
      secure: true,
      business: {
        select: {
          ...publicBusinessSelect,
          ownerId: true,
          timezone: true,
          dailyTapLimit: true,
          programs: { ...runningProgramsQuery, select: { ...visitProgramSelect, description: true } },
        },
      },
    },
  });
  if (!tag) return { exists: false };
  if (!tag.business) return { exists: true, claimed: false };
  const { ownerId, timezone, dailyTapLimit, programs, ...row } = tag.business;
  const business = toPublicBusiness(row);
  return {
    exists: true,
    claimed: true,
    business: { ...business, updatedAt: business.updatedAt.toISOString() },
    ownerId,
    timezone,
    dailyTapLimit,
    secure: tag.secure,
    programs: programs.map((p) => ({
      ...p,
      startDate: p.startDate?.toISOString() ?? null,
      endDate: p.endDate?.toISOString() ?? null,
    })),
  };
}

export async function getTapLanding(tagId: string): Promise<TapLanding> {
  const cached = await cachedQuery(loadLanding, ["tap-landing", tagId], {
    tags: [tagCacheTag(tagId), PUBLIC_BUSINESS_TAG],
    revalidate: 300,
  })(tagId);
  if (!cached.exists || !cached.claimed) return cached;
  return { ...cached, business: { ...cached.business, updatedAt: new Date(cached.business.updatedAt) } };
}

/** Cache tag of one tag's landing data. */
export const tagCacheTag = (tagId: string) => `tag:${tagId}`;
/** Every cached public business view (a business or program edit changes them). */
export const PUBLIC_BUSINESS_TAG = "public-business";

/** The landing's programs in the engine's shape (dates back to Date objects). */
export function visitProgramsOf(landing: Extract<TapLanding, { claimed: true }>): VisitProgram[] {
  return landing.programs.map((p) => ({
    ...p,
    businessId: landing.business.id,
    startDate: p.startDate ? new Date(p.startDate) : null,
    endDate: p.endDate ? new Date(p.endDate) : null,
  }));
}
