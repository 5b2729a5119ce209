import "server-only";
import { db, Prisma } from "@/lib/db";
import { rewardSelect } from "@/lib/db/rewards";
import { cardNumberFor } from "@/lib/loyalty/card-number";
import { effectiveRewardStatus, type RewardStatusName } from "@/lib/rewards/status";
import { displayName } from "@/lib/users/display-name";

// What the public API reads (docs/api.md). Every query is scoped to the API
// key's business in its own WHERE. A customer is a membership: its id is the
// customer's id in this business (never their account's), as in the webhook
// payloads (lib/webhooks/events.ts).

const customerSelect = {
  id: true,
  linkedAt: true,
  visitCount: true,
  lastVisitAt: true,
  rewardsReady: true,
  user: { select: { email: true, firstName: true, lastName: true, name: true } },
} satisfies Prisma.MembershipSelect;

type CustomerRow = Prisma.MembershipGetPayload<{ select: typeof customerSelect }>;

export type ApiCustomer = {
  id: string;
  cardNumber: string;
  name: string | null;
  email: string | null;
  joinedAt: Date;
  visitCount: number;
  lastVisitAt: Date | null;
};

function customerOf(row: CustomerRow): ApiCustomer {
  return {
    id: row.id,
    cardNumber: cardNumberFor(row.id),
    name: row.user.firstName || row.user.lastName || row.user.name ? displayName(row.user) : null,
    email: row.user.email,
    joinedAt: row.linkedAt,
    visitCount: row.visitCount,
    lastVisitAt: row.lastVisitAt,
  };
}

/** One page of the business's customers in id order, after `afterId` (keyset: stable while rows are added). */
export async function listApiCustomers(businessId: string, afterId: string | null, limit: number) {
  const rows = await db.membership.findMany({
    where: { businessId, ...(afterId ? { id: { gt: afterId } } : {}) },
    select: customerSelect,
    orderBy: { id: "asc" },
    take: limit + 1,
  });
  return { customers: rows.slice(0, limit).map(customerOf), hasMore: rows.length > limit };
}

export async function findApiCustomer(businessId: string, customerId: string): Promise<ApiCustomer | null> {
  const row = await db.membership.findFirst({ where: { id: customerId, businessId }, select: customerSelect });
  return row ? customerOf(row) : null;
}

/** The business's customer with this account email (stored lower-case), if they are one. */
export async function findApiCustomerByEmail(businessId: string, email: string): Promise<ApiCustomer | null> {
  const row = await db.membership.findFirst({
    where: { businessId, user: { email: email.toLowerCase() } },
    select: customerSelect,
  });
  return row ? customerOf(row) : null;
}

/** The business's customer who is this account, if they are one. */
export async function findApiCustomerByUser(businessId: string, userId: string): Promise<ApiCustomer | null> {
  const row = await db.membership.findFirst({ where: { businessId, userId }, select: customerSelect });
  return row ? customerOf(row) : null;
}

/** The account behind a customer of the business (for recording a visit). */
export async function customerAccountId(businessId: string, customerId: string): Promise<string | null> {
  const row = await db.membership.findFirst({ where: { id: customerId, businessId }, select: { userId: true } });
  return row?.userId ?? null;
}

/** The customer's card in each running program: the stored counters (zero where nothing is stored yet). */
export async function apiCustomerCards(businessId: string, customerId: string) {
  const programs = await db.program.findMany({
    where: { businessId, active: true, endedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      type: true,
      rewardName: true,
      progress: { where: { membershipId: customerId }, select: { count: true, total: true, tier: true } },
    },
  });
  return programs.map((p) => ({
    programId: p.id,
    programName: p.name,
    type: p.type,
    rewardName: p.rewardName,
    count: p.progress[0]?.count ?? 0,
    total: p.progress[0]?.total ?? 0,
    tier: p.progress[0]?.tier ?? null,
  }));
}

export async function listApiPrograms(businessId: string) {
  const rows = await db.program.findMany({
    where: { businessId, endedAt: null },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    select: {
      id: true,
      name: true,
      type: true,
      description: true,
      active: true,
      rules: true,
      rewardName: true,
      rewardDescription: true,
      rewardExpiryDays: true,
      startDate: true,
      endDate: true,
    },
  });
  return rows;
}

export type ApiReward = {
  id: string;
  code: string;
  customerId: string | null;
  programId: string | null;
  name: string;
  description: string | null;
  status: RewardStatusName;
  issuedAt: Date;
  expiresAt: Date | null;
  redeemedAt: Date | null;
  redeemedLocationId: string | null;
};

const rewardApiSelect = {
  ...rewardSelect,
  membershipId: true,
  programId: true,
  redeemedLocationId: true,
} satisfies Prisma.RewardSelect;

function rewardOf(row: Prisma.RewardGetPayload<{ select: typeof rewardApiSelect }>, now: Date): ApiReward {
  const { membershipId, ...rest } = row;
  return { ...rest, customerId: membershipId, status: effectiveRewardStatus(row, now) };
}

/**
 * The business's rewards, newest first (at most `limit`), of one customer
 * and of one status as the customer sees it (an AVAILABLE reward past its
 * date is EXPIRED).
 */
export async function listApiRewards(
  businessId: string,
  filter: { customerId?: string; status?: RewardStatusName },
  limit: number,
  now: Date,
): Promise<ApiReward[]> {
  const status: Prisma.RewardWhereInput =
    filter.status === "AVAILABLE"
      ? { status: "AVAILABLE", OR: [{ expiresAt: null }, { expiresAt: { gt: now } }] }
      : filter.status === "EXPIRED"
        ? { OR: [{ status: "EXPIRED" }, { status: "AVAILABLE", expiresAt: { lte: now } }] }
        : filter.status
          ? { status: filter.status }
          : {};
  const rows = await db.reward.findMany({
    where: { businessId, ...(filter.customerId ? { membershipId: filter.customerId } : {}), ...status },
    select: rewardApiSelect,
    orderBy: [{ issuedAt: "desc" }, { id: "desc" }],
    take: limit,
  });
  return rows.map((row) => rewardOf(row, now));
}

export type ApiLocation = {
  id: string;
  name: string;
  address: string | null;
  timeZone: string;
  openingHours: unknown;
  position: number;
  open: boolean;
  closedAt: Date | null;
};

/**
 * One page of the business's locations, open and closed, in the order they
 * were added (createdAt, then id) after `after`: keyset, stable while the
 * owner adds, closes or reorders them (`position` is the owner's order).
 */
export async function listApiLocations(
  businessId: string,
  after: { createdAt: Date; id: string } | null,
  limit: number,
) {
  const rows = await db.location.findMany({
    where: {
      businessId,
      ...(after
        ? { OR: [{ createdAt: { gt: after.createdAt } }, { createdAt: after.createdAt, id: { gt: after.id } }] }
        : {}),
    },
    select: {
      id: true,
      name: true,
      address: true,
      timezone: true,
      openingHours: true,
      position: true,
      closedAt: true,
      createdAt: true,
    },
    orderBy: [{ createdAt: "asc" }, { id: "asc" }],
    take: limit + 1,
  });
  const locations: ApiLocation[] = rows.slice(0, limit).map(({ timezone, createdAt, ...row }) => ({
    ...row,
    timeZone: timezone,
    openingHours: Array.isArray(row.openingHours) ? row.openingHours : [],
    open: row.closedAt === null,
  }));
  const last = rows[limit - 1];
  return { locations, next: rows.length > limit && last ? { createdAt: last.createdAt, id: last.id } : null };
}

/** Whether `locationId` is an open location of the business (a write's `location` that was refused). */
export async function isOpenApiLocation(businessId: string, locationId: string): Promise<boolean> {
  return (await db.location.count({ where: { id: locationId, businessId, closedAt: null } })) > 0;
}

export async function findApiReward(businessId: string, rewardId: string, now: Date): Promise<ApiReward | null> {
  const row = await db.reward.findFirst({ where: { id: rewardId, businessId }, select: rewardApiSelect });
  return row ? rewardOf(row, now) : null;
}
