import "server-only";
import { db } from "@/lib/db";
import { rewardSelect } from "@/lib/db/rewards";

// Everything the service keeps about one person, as they may download it from
// Settings (the privacy page promises it): their profile, the businesses they
// joined with their progress, their visits and their rewards, the browsers they
// asked for reward notifications on (never those browsers' keys), their mail
// opt-outs and the notification mails they were sent. Never another
// person's data, never secrets (password hash, sessions, tokens, NFC keys).
export const ACCOUNT_EXPORT_FORMAT = 1;

export async function accountExport(userId: string, now: Date = new Date()) {
  const user = await db.user.findUnique({
    where: { id: userId },
    select: {
      id: true,
      email: true,
      emailVerified: true,
      phone: true,
      name: true,
      firstName: true,
      lastName: true,
      birthday: true,
      language: true,
      notificationsEnabled: true,
      role: true,
      createdAt: true,
      updatedAt: true,
      accounts: { select: { provider: true } },
      businesses: { orderBy: { createdAt: "asc" }, select: { id: true, name: true, slug: true, createdAt: true } },
      memberships: {
        orderBy: { linkedAt: "asc" },
        select: {
          id: true,
          via: true,
          linkedAt: true,
          visitCount: true,
          firstVisitAt: true,
          lastVisitAt: true,
          business: { select: { id: true, name: true, slug: true } },
          progress: {
            orderBy: { updatedAt: "asc" },
            select: {
              count: true,
              total: true,
              tier: true,
              updatedAt: true,
              program: { select: { id: true, name: true } },
            },
          },
        },
      },
      taps: {
        orderBy: { createdAt: "asc" },
        select: { id: true, createdAt: true, source: true, business: { select: { id: true, name: true } } },
      },
      rewards: {
        orderBy: { issuedAt: "asc" },
        select: { ...rewardSelect, business: { select: { id: true, name: true } } },
      },
      mailOptOuts: {
        orderBy: { createdAt: "asc" },
        select: { createdAt: true, business: { select: { id: true, name: true } } },
      },
      notificationDeliveries: {
        orderBy: { claimedAt: "asc" },
        select: { key: true, status: true, sentAt: true },
      },
      pushSubscriptions: {
        orderBy: { createdAt: "asc" },
        select: { endpoint: true, userAgent: true, createdAt: true },
      },
    },
  });
  if (!user) return null;
  const {
    accounts,
    businesses,
    memberships,
    taps,
    rewards,
    pushSubscriptions,
    mailOptOuts,
    notificationDeliveries,
    ...profile
  } = user;
  return {
    format: ACCOUNT_EXPORT_FORMAT,
    exportedAt: now.toISOString(),
    profile: {
      ...profile,
      birthday: profile.birthday ? profile.birthday.toISOString().slice(0, 10) : null,
      signInWith: accounts.map((account) => account.provider),
    },
    businesses,
    memberships,
    visits: taps,
    rewards,
    notificationBrowsers: pushSubscriptions,
    // The businesses whose mails the person stopped, and the notification mails sent to them (docs/notifications.md).
    mailsStopped: mailOptOuts,
    notificationMails: notificationDeliveries.map(({ key, status, sentAt }) => ({
      mail: key.replace(/^mail:/, ""),
      status,
      sentAt,
    })),
  };
}

export type AccountExport = NonNullable<Awaited<ReturnType<typeof accountExport>>>;
