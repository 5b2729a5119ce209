import "server-only";
import { normaliseTimezone } from "@/lib/business/timezone";
import { db, Prisma } from "@/lib/db";
import { normaliseTheme } from "@/lib/business/theme";

// What the notification mails read when their job runs (lib/notifications/mail-jobs.ts),
// and the opt-outs their unsubscribe links write (docs/notifications.md). A job
// may run long after its event, so everything is read fresh: the reward's
// status, the account's email and settings, the opt-out.

/** The account a mail goes to, with everything that decides whether it may. */
export type MailRecipient = {
  id: string;
  email: string | null;
  emailVerified: Date | null;
  firstName: string | null;
  language: string;
  notificationsEnabled: boolean;
  disabledAt: Date | null;
};

const recipientSelect = {
  id: true,
  email: true,
  emailVerified: true,
  firstName: true,
  language: true,
  notificationsEnabled: true,
  disabledAt: true,
} as const;

export type MailBusiness = {
  id: string;
  name: string;
  color: string | null;
  timeZone: string;
  /** The owner's account is disabled: the business is withdrawn and sends nothing. */
  withdrawn: boolean;
};

const businessSelect = { id: true, name: true, theme: true, timezone: true, owner: { select: { disabledAt: true } } };

function mailBusiness(row: {
  id: string;
  name: string;
  theme: unknown;
  timezone: string;
  owner: { disabledAt: Date | null };
}): MailBusiness {
  return {
    id: row.id,
    name: row.name,
    color: normaliseTheme(row.theme).primaryColor ?? null,
    timeZone: normaliseTimezone(row.timezone),
    withdrawn: row.owner.disabledAt !== null,
  };
}

export type RewardMailRead = {
  reward: { id: string; code: string; name: string; status: string; expiresAt: Date | null; userId: string | null };
  business: MailBusiness;
  recipient: MailRecipient | null;
  optedOut: boolean;
};

/** A reward with its business and its customer, as a reward mail needs them; null when the reward is gone. */
export async function readRewardMail(rewardId: string): Promise<RewardMailRead | null> {
  const reward = await db.reward.findUnique({
    where: { id: rewardId },
    select: {
      id: true,
      code: true,
      name: true,
      status: true,
      expiresAt: true,
      userId: true,
      business: { select: businessSelect },
      user: { select: recipientSelect },
    },
  });
  if (!reward) return null;
  const optedOut = reward.userId ? await isOptedOut(reward.userId, reward.business.id) : false;
  return {
    reward: {
      id: reward.id,
      code: reward.code,
      name: reward.name,
      status: reward.status,
      expiresAt: reward.expiresAt,
      userId: reward.userId,
    },
    business: mailBusiness(reward.business),
    recipient: reward.user,
    optedOut,
  };
}

/** A new account as the welcome mail needs it: does it own a business (the wizard's sign-up)? */
export async function readWelcomeMail(
  userId: string,
): Promise<{ recipient: MailRecipient; ownsBusiness: boolean } | null> {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: { ...recipientSelect, businesses: { select: { id: true }, take: 1 } },
  });
  if (!user) return null;
  const { businesses, ...recipient } = user;
  return { recipient, ownsBusiness: businesses.length > 0 };
}

/** An account as a mail about it reads it (the business-deleted mail: the business is gone by then). */
export async function readMailRecipient(userId: string): Promise<MailRecipient | null> {
  return db.user.findUnique({ where: { id: userId }, select: recipientSelect });
}

/** A business and its owner, for the owner's summary. */
export async function readOwnerSummaryMail(
  businessId: string,
): Promise<{ business: MailBusiness; recipient: MailRecipient; optedOut: boolean } | null> {
  const business = await db.business.findUnique({
    where: { id: businessId },
    select: { ...businessSelect, owner: { select: recipientSelect } },
  });
  if (!business) return null;
  return {
    business: mailBusiness(business),
    recipient: business.owner,
    optedOut: await isOptedOut(business.owner.id, business.id),
  };
}

export type PeriodStats = { visits: number; newCustomers: number; rewardsRedeemed: number };

/**
 * A business's figures over local days `fromDay`..`toDay` (YYYY-MM-DD, both
 * included), from the insights rollup the triggers keep (BusinessDailyStat):
 * the same numbers the insights page shows for those days.
 */
export async function businessPeriodStats(businessId: string, fromDay: string, toDay: string): Promise<PeriodStats> {
  const [row] = await db.$queryRaw<PeriodStats[]>`
    SELECT COALESCE(SUM("visits"), 0)::int AS "visits",
           COALESCE(SUM("newCustomers"), 0)::int AS "newCustomers",
           COALESCE(SUM("rewardsRedeemed"), 0)::int AS "rewardsRedeemed"
    FROM "BusinessDailyStat"
    WHERE "businessId" = ${businessId} AND "day" BETWEEN ${fromDay}::date AND ${toDay}::date`;
  return row ?? { visits: 0, newCustomers: 0, rewardsRedeemed: 0 };
}

export async function isOptedOut(userId: string, businessId: string): Promise<boolean> {
  const found = await db.mailOptOut.findUnique({
    where: { userId_businessId: { userId, businessId } },
    select: { userId: true },
  });
  return found !== null;
}

/** What an unsubscribe link is about, for its page: the business's name (null for every mail) and whether mails are off already. */
export type UnsubscribeView = { businessName: string | null; stopped: boolean };

/** null: the account or the business no longer exists. */
export async function viewUnsubscribe(userId: string, businessId: string | "all"): Promise<UnsubscribeView | null> {
  const user = await db.user.findUnique({ where: { id: userId }, select: { notificationsEnabled: true } });
  if (!user) return null;
  if (businessId === "all") return { businessName: null, stopped: !user.notificationsEnabled };
  const business = await db.business.findUnique({ where: { id: businessId }, select: { name: true } });
  if (!business) return null;
  return { businessName: business.name, stopped: await isOptedOut(userId, businessId) };
}

/**
 * Stops (or, with `resume`, restarts) the mails an unsubscribe link names: one
 * business's (an opt-out row) or every notification mail (the account's
 * Settings switch). Idempotent. null: the account or the business is gone.
 */
export async function setMailSubscription(
  userId: string,
  businessId: string | "all",
  resume = false,
): Promise<UnsubscribeView | null> {
  if (businessId === "all") {
    const { count } = await db.user.updateMany({ where: { id: userId }, data: { notificationsEnabled: resume } });
    return count === 1 ? { businessName: null, stopped: !resume } : null;
  }
  const [user, business] = await Promise.all([
    db.user.count({ where: { id: userId } }),
    db.business.findUnique({ where: { id: businessId }, select: { name: true } }),
  ]);
  if (user === 0 || !business) return null;
  if (resume) {
    await db.mailOptOut.deleteMany({ where: { userId, businessId } });
    return { businessName: business.name, stopped: false };
  }
  try {
    // A second click, or the page and the one-click POST together: the row is there once.
    await db.mailOptOut.createMany({ data: [{ userId, businessId }], skipDuplicates: true });
  } catch (error) {
    // The account or the business was deleted meanwhile (a foreign key refused the row).
    if (error instanceof Prisma.PrismaClientKnownRequestError && error.code === "P2003") return null;
    throw error;
  }
  return { businessName: business.name, stopped: true };
}
