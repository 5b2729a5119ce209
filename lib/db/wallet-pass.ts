import "server-only";
import { db } from "@/lib/db";
import { resolveTheme, type Theme } from "@/lib/business/theme";
import { normaliseTimezone } from "@/lib/business/timezone";
import { describeProgress, isProgramInDate, type ProgressDescription } from "@/lib/loyalty";
import { localDateIn } from "@/lib/time/local-date";
import { runningProgramsQuery } from "@/lib/db/visit-types";
import { siteUrl } from "@/lib/site";
import { closureAt, type Closure } from "@/lib/business/season-pause";
import { pauseOf } from "@/lib/db/season-pause";

/**
 * What a membership's card in a phone's wallet shows (Apple Wallet and Google
 * Wallet alike): the business's look, the progress of its main program (the
 * first running one), the rewards ready, and the customer's personal QR, the
 * same /qr/<userId> link the owner scans at the counter.
 */
export type PassContent = {
  membershipId: string;
  userId: string;
  /** The customer's language (User.language), in which the pass's text is written. */
  language: string;
  customerName: string | null;
  businessId: string;
  businessName: string;
  slug: string;
  logoUrl: string | null;
  theme: Theme;
  timeZone: string;
  mainProgram: { id: string; type: string; name: string; rewardName: string; progress: ProgressDescription } | null;
  readyRewards: number;
  /** The personal QR's payload. */
  qrPayload: string;
  /** The card's public page. */
  businessUrl: string;
  memberSince: Date;
  /** The business's latest campaign message sent to this card (docs/campaigns.md, "Channels"). */
  news?: string | null;
  /** Closed for the season at the moment the card is drawn (docs/business-lifecycle.md): the card says until when. */
  closed?: Closure | null;
};

/**
 * The words every wallet's card shows, in the customer's language: each
 * wallet reads them from its own catalog (its vendor's wording) and adds its own.
 */
export type CardLabels = {
  stamps: string;
  points: string;
  visits: string;
  /** Any other program type's count. */
  progress: string;
  rewardsReady: string;
  /** The line before the main program's reward. */
  reward: string;
  /** The link to the business's public page. */
  businessPage: string;
};

/** A membership's wallet card content, or null when the membership (or its business) is gone. */
export async function getPassContent(membershipId: string, now = new Date()): Promise<PassContent | null> {
  const membership = await db.membership.findUnique({
    where: { id: membershipId },
    select: {
      id: true,
      linkedAt: true,
      user: { select: { id: true, language: true, name: true, disabledAt: true } },
      progress: { select: { programId: true, count: true, total: true, tier: true, state: true } },
      business: {
        select: {
          id: true,
          name: true,
          slug: true,
          logoUrl: true,
          theme: true,
          timezone: true,
          pausedAt: true,
          pausedUntil: true,
          programs: {
            ...runningProgramsQuery,
            select: { id: true, type: true, name: true, rules: true, rewardName: true, startDate: true, endDate: true },
          },
        },
      },
    },
  });
  if (!membership || membership.user.disabledAt) return null;
  const { business, user } = membership;
  const timeZone = normaliseTimezone(business.timezone);
  const localDate = localDateIn(timeZone, now);
  const main = business.programs.find((p) => isProgramInDate(p, localDate)) ?? null;
  const row = main ? membership.progress.find((p) => p.programId === main.id) : undefined;
  const readyRewards = await db.reward.count({
    where: { membershipId, status: "AVAILABLE", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] },
  });
  const news = await db.campaignRecipient.findFirst({
    // By (businessId, userId), the recipients' index: a pass is rendered on every tap's update.
    where: { businessId: business.id, userId: user.id, channel: "WALLET", status: { in: ["SENDING", "SENT"] } },
    orderBy: [{ claimedAt: "desc" }, { id: "desc" }],
    select: { campaign: { select: { message: true } } },
  });
  return {
    news: news?.campaign.message ?? null,
    closed: closureAt(pauseOf(business), timeZone, now),
    membershipId: membership.id,
    userId: user.id,
    language: user.language,
    customerName: user.name,
    businessId: business.id,
    businessName: business.name,
    slug: business.slug,
    logoUrl: business.logoUrl,
    theme: resolveTheme(business.theme),
    timeZone,
    mainProgram: main
      ? {
          id: main.id,
          type: main.type,
          name: main.name,
          rewardName: main.rewardName,
          progress: describeProgress(main.type, main.rules, row, localDate),
        }
      : null,
    readyRewards,
    qrPayload: `${siteUrl()}/qr/${encodeURIComponent(user.id)}`,
    businessUrl: `${siteUrl()}/b/${encodeURIComponent(business.slug)}`,
    memberSince: membership.linkedAt,
  };
}

/** What every card of a business shares (Google's loyalty class): its name, logo, colours and page. */
export type BusinessCardLook = Pick<PassContent, "businessId" | "businessName" | "logoUrl" | "theme" | "businessUrl">;

export async function getBusinessCardLook(businessId: string): Promise<BusinessCardLook | null> {
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: { id: true, name: true, slug: true, logoUrl: true, theme: true },
  });
  if (!business) return null;
  return {
    businessId: business.id,
    businessName: business.name,
    logoUrl: business.logoUrl,
    theme: resolveTheme(business.theme),
    businessUrl: `${siteUrl()}/b/${encodeURIComponent(business.slug)}`,
  };
}

/**
 * The next `limit` memberships of a business, after `after` in id order, that
 * have a card in a wallet (a Google Wallet object or an Apple Wallet pass).
 */
export async function cardedMembershipsOf(businessId: string, after: string, limit: number): Promise<string[]> {
  const rows = await db.membership.findMany({
    where: {
      businessId,
      id: { gt: after },
      OR: [{ googleWalletObject: { isNot: null } }, { applePass: { isNot: null } }],
    },
    select: { id: true },
    orderBy: { id: "asc" },
    take: limit,
  });
  return rows.map((row) => row.id);
}

/**
 * The membership a wallet button names: a membership id as it is (the
 * statements that use it match the user themselves), or the user's own
 * membership of a business; null when they have none there.
 */
export async function ownMembershipId(
  userId: string,
  target: { membershipId: string } | { businessId: string },
): Promise<string | null> {
  if ("membershipId" in target) return target.membershipId;
  const membership = await db.membership.findUnique({
    where: { userId_businessId: { userId, businessId: target.businessId } },
    select: { id: true },
  });
  return membership?.id ?? null;
}
