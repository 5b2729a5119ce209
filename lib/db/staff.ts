import "server-only";
import { db, Prisma } from "@/lib/db";
import { appendAudit } from "@/lib/db/audit";
import { worksAtLocationPart } from "@/lib/db/business-access";
import { queryRows, sql } from "@/lib/db/sql";
import { acceptRefusal, inviteExpiry, normaliseInviteEmail, type AcceptRefusal } from "@/lib/staff/invites";
import { displayName, type NameParts } from "@/lib/users/display-name";

// A business's staff and its invitations (docs/owner-tools.md, "Staff").
// Inviting, listing and revoking are the owner's alone: each statement matches
// the business's `ownerId` itself. Accepting is the invited account's: the
// invitation is spent by one conditional UPDATE in the transaction that adds
// the staff row, so a link works once, and never after it expired or was revoked.
// Links are found by the hash of their token (lib/staff/invite-links.ts makes
// and hashes them, and mails them). Where each member works (every location,
// or only some: docs/locations.md, "Staff") is set by the owner here too; the
// counter's statements read it in their own WHERE (worksAtLocationPart).

const nameSelect = { firstName: true, lastName: true, name: true } satisfies Prisma.UserSelect;

type Actor = { id: string } & NameParts;

const actorOf = (user: Actor) => ({ actorId: user.id, actorName: displayName(user) });

/** Where a staff member works: every location of the business, or only some (at least one). */
export type StaffWhere = { allLocations: true } | { allLocations: false; locationIds: string[] };

/** A location the counter may work at: one of the business's open ones the worker works at. */
export type CounterChoice = { id: string; name: string };

export type InviteRefusal = { ok: false; reason: "not_found" | "own_email" | "already_staff" | "location_not_found" };

/** Whether every id names a location of the business (open or closed): a refusal's test before a write. */
async function allLocationsOf(tx: Prisma.TransactionClient, businessId: string, where: StaffWhere): Promise<boolean> {
  if (where.allLocations) return true;
  const found = await tx.location.count({ where: { businessId, id: { in: where.locationIds } } });
  return found === where.locationIds.length;
}

const whereOf = (allLocations: boolean, locationIds: string[]) => ({ allLocations, locationIds });

/**
 * The owner invites `email` to the staff: a new invitation, valid 7 days,
 * whose link's token hashes to `tokenHash`, to work at every location or only
 * at those of `where` (locations of the business, else location_not_found). A
 * pending invitation to the same address is replaced (its link stops
 * working). Audited as STAFF_INVITED. Returns the normalised address and the
 * business's name.
 */
export async function insertInvite(
  owner: Actor,
  businessId: string,
  rawEmail: string,
  tokenHash: string,
  now = new Date(),
  where: StaffWhere = { allLocations: true },
): Promise<{ ok: true; email: string; businessName: string } | InviteRefusal> {
  const email = normaliseInviteEmail(rawEmail);
  return db.$transaction(async (tx) => {
    const business = await tx.business.findFirst({
      where: { id: businessId, ownerId: owner.id },
      select: { id: true, name: true, owner: { select: { email: true } } },
    });
    if (!business) return { ok: false as const, reason: "not_found" as const };
    if (business.owner.email && normaliseInviteEmail(business.owner.email) === email)
      return { ok: false as const, reason: "own_email" as const };
    const already = await tx.businessStaff.findFirst({
      where: { businessId, user: { email: { equals: email, mode: "insensitive" } } },
      select: { userId: true },
    });
    if (already) return { ok: false as const, reason: "already_staff" as const };
    if (!(await allLocationsOf(tx, businessId, where)))
      return { ok: false as const, reason: "location_not_found" as const };
    const locationIds = where.allLocations ? [] : where.locationIds;
    await tx.staffInvite.updateMany({
      where: { businessId, email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    const invite = await tx.staffInvite.create({
      data: {
        businessId,
        email,
        tokenHash,
        invitedById: owner.id,
        expiresAt: inviteExpiry(now),
        allLocations: where.allLocations,
        locationIds,
        createdAt: now,
      },
      select: { id: true, expiresAt: true },
    });
    await appendAudit(
      {
        businessId,
        action: "STAFF_INVITED",
        ...actorOf(owner),
        details: {
          email,
          inviteId: invite.id,
          expiresAt: invite.expiresAt.toISOString(),
          ...whereOf(where.allLocations, locationIds),
        },
      },
      tx,
      now,
    );
    return { ok: true as const, email, businessName: business.name };
  });
}

export type StaffMember = {
  userId: string;
  name: string;
  email: string | null;
  since: Date;
  invitedBy: string | null;
  /** Works at every location, or only at `locationIds`. */
  allLocations: boolean;
  locationIds: string[];
};
export type PendingInvite = { id: string; email: string; expiresAt: Date; sentAt: Date };

/** The owner's view of the staff and the invitations still open; null for someone else's business. */
export async function listStaff(
  ownerId: string,
  businessId: string,
  now = new Date(),
): Promise<{ staff: StaffMember[]; invites: PendingInvite[] } | null> {
  const business = await db.business.findFirst({
    where: { id: businessId, ownerId },
    select: {
      staff: {
        orderBy: { createdAt: "asc" },
        select: {
          userId: true,
          createdAt: true,
          invitedById: true,
          allLocations: true,
          locations: { select: { locationId: true } },
          user: { select: { ...nameSelect, email: true } },
        },
      },
      staffInvites: {
        where: { acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
        orderBy: { createdAt: "desc" },
        select: { id: true, email: true, expiresAt: true, createdAt: true },
      },
    },
  });
  if (!business) return null;
  const inviterIds = [...new Set(business.staff.flatMap((s) => (s.invitedById ? [s.invitedById] : [])))];
  const inviters = inviterIds.length
    ? await db.user.findMany({ where: { id: { in: inviterIds } }, select: { id: true, ...nameSelect } })
    : [];
  const inviterName = new Map(inviters.map((u) => [u.id, displayName(u)]));
  return {
    staff: business.staff.map((s) => ({
      userId: s.userId,
      name: displayName(s.user),
      email: s.user.email,
      since: s.createdAt,
      invitedBy: s.invitedById ? (inviterName.get(s.invitedById) ?? null) : null,
      allLocations: s.allLocations,
      locationIds: s.locations.map((l) => l.locationId).sort(),
    })),
    invites: business.staffInvites.map((i) => ({
      id: i.id,
      email: i.email,
      expiresAt: i.expiresAt,
      sentAt: i.createdAt,
    })),
  };
}

/**
 * The owner removes a staff member: the row goes, so their very next action
 * at the counter matches nothing (rights are read in each query, never
 * cached). Audited as STAFF_REVOKED. False when there was no such member.
 */
export async function revokeStaff(owner: Actor, businessId: string, userId: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    const member = await tx.businessStaff.findFirst({
      where: { businessId, userId, business: { ownerId: owner.id } },
      select: { user: { select: { email: true } } },
    });
    if (!member) return false;
    const { count } = await tx.businessStaff.deleteMany({
      where: { businessId, userId, business: { ownerId: owner.id } },
    });
    if (count !== 1) return false;
    await appendAudit(
      { businessId, action: "STAFF_REVOKED", ...actorOf(owner), details: { userId, email: member.user.email } },
      tx,
      now,
    );
    return true;
  });
}

/** The owner withdraws a pending invitation: its link stops working. Audited as STAFF_REVOKED. */
export async function revokeInvite(owner: Actor, businessId: string, inviteId: string, now = new Date()) {
  return db.$transaction(async (tx) => {
    const revoked = await tx.staffInvite.updateManyAndReturn({
      where: { id: inviteId, businessId, business: { ownerId: owner.id }, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
      select: { email: true },
    });
    if (!revoked[0]) return false;
    await appendAudit(
      { businessId, action: "STAFF_REVOKED", ...actorOf(owner), details: { inviteId, email: revoked[0].email } },
      tx,
      now,
    );
    return true;
  });
}

export type InviteView = {
  businessName: string;
  /** Why the viewing account may not accept it, or null when it may. */
  refusal: AcceptRefusal | null;
};

const inviteSelect = {
  id: true,
  email: true,
  expiresAt: true,
  acceptedAt: true,
  revokedAt: true,
  businessId: true,
  invitedById: true,
  allLocations: true,
  locationIds: true,
  business: { select: { name: true, ownerId: true } },
} satisfies Prisma.StaffInviteSelect;

/** Who is reading or accepting an invitation: the account as the session read it. */
type InviteReader = { id: string; email: string | null; emailVerified: Date | null };

/** The invitation a link (by its token's hash) names, as `account` may act on it; null for an unknown link. */
export async function findInviteView(
  tokenHash: string,
  account: InviteReader,
  now = new Date(),
): Promise<InviteView | null> {
  const invite = await db.staffInvite.findUnique({ where: { tokenHash }, select: inviteSelect });
  if (!invite) return null;
  return {
    businessName: invite.business.name,
    refusal: acceptRefusal({ ...invite, ownerId: invite.business.ownerId }, account, now),
  };
}

/** The address a pending invitation (not accepted, revoked or expired) was sent to; null for any other link. */
export async function findPendingInviteEmail(tokenHash: string, now = new Date()): Promise<string | null> {
  const invite = await db.staffInvite.findFirst({
    where: { tokenHash, acceptedAt: null, revokedAt: null, expiresAt: { gt: now } },
    select: { email: true },
  });
  return invite?.email ?? null;
}

export type AcceptOutcome =
  { ok: true; businessId: string; businessName: string } | { ok: false; reason: AcceptRefusal };

/**
 * The invited account accepts the invitation whose token hashes to
 * `tokenHash`: in one transaction the invitation is spent by a
 * conditional UPDATE and the staff row is written. The UPDATE holds every rule
 * itself, reading the account's row as it is now: still unused, not revoked,
 * not expired, addressed to this account's email, that email confirmed, the
 * account enabled, not the owner's own business. So an invitation revoked
 * while this waits on its row lock matches nothing, and of two acceptances at
 * once, one wins. Audited as STAFF_JOINED.
 */
export async function spendInvite(
  account: Actor & InviteReader,
  tokenHash: string,
  now = new Date(),
): Promise<AcceptOutcome> {
  return db.$transaction(async (tx): Promise<AcceptOutcome> => {
    const invite = await tx.staffInvite.findUnique({ where: { tokenHash }, select: inviteSelect });
    const refusal = acceptRefusal(invite ? { ...invite, ownerId: invite.business.ownerId } : null, account, now);
    if (refusal || !invite) return { ok: false, reason: refusal ?? "unknown" };
    const spent = await tx.$executeRaw`
      UPDATE "StaffInvite" i SET "acceptedAt" = ${now}, "acceptedById" = u."id"
      FROM "Business" b, "User" u
      WHERE i."tokenHash" = ${tokenHash} AND b."id" = i."businessId" AND u."id" = ${account.id}
        AND i."acceptedAt" IS NULL AND i."revokedAt" IS NULL AND i."expiresAt" > ${now}
        AND lower(u."email") = lower(i."email") AND u."emailVerified" IS NOT NULL AND u."disabledAt" IS NULL
        AND b."ownerId" <> u."id"`;
    if (spent !== 1) {
      // Something committed in between (another acceptance, a revocation, a
      // change to the account): say what, as the invitation now reads.
      const current = await tx.staffInvite.findUnique({ where: { tokenHash }, select: inviteSelect });
      const me = await tx.user.findUnique({ where: { id: account.id }, select: { email: true, emailVerified: true } });
      const reread = current ? { ...current, ownerId: current.business.ownerId } : null;
      const reason = me ? acceptRefusal(reread, { id: account.id, ...me }, now) : "unknown";
      return { ok: false, reason: reason ?? "accepted" };
    }
    const joined = await tx.businessStaff.createMany({
      data: [
        {
          businessId: invite.businessId,
          userId: account.id,
          invitedById: invite.invitedById,
          allLocations: invite.allLocations,
          createdAt: now,
        },
      ],
      skipDuplicates: true,
    });
    // Where the invitation said they work: those of its locations the business still has.
    if (joined.count === 1 && !invite.allLocations) {
      const kept = await tx.location.findMany({
        where: { businessId: invite.businessId, id: { in: invite.locationIds } },
        select: { id: true },
      });
      await tx.staffLocation.createMany({
        data: kept.map((l) => ({ businessId: invite.businessId, userId: account.id, locationId: l.id })),
        skipDuplicates: true,
      });
    }
    await appendAudit(
      {
        businessId: invite.businessId,
        action: "STAFF_JOINED",
        ...actorOf(account),
        details: { inviteId: invite.id, email: invite.email },
      },
      tx,
      now,
    );
    return { ok: true, businessId: invite.businessId, businessName: invite.business.name };
  });
}

export type StaffLocationsOutcome = "ok" | "not_found" | "location_not_found";

/**
 * The owner sets where a staff member works: every location, or only those of
 * `where` (locations of the business, open or closed; else
 * location_not_found and nothing changes). The member's row is locked first,
 * so two saves at once apply one after the other. The counter's statements
 * read the rows on every request, so the member's very next action follows.
 * Audited as STAFF_LOCATIONS_CHANGED with before and after.
 */
export async function setStaffLocations(
  owner: Actor,
  businessId: string,
  userId: string,
  where: StaffWhere,
  now = new Date(),
): Promise<StaffLocationsOutcome> {
  return db.$transaction(async (tx) => {
    // The member's row, locked until commit: a concurrent save waits, then reads this one's rows.
    const [member] = await tx.$queryRaw<{ allLocations: boolean; email: string | null }[]>`
      SELECT s."allLocations", u."email" FROM "BusinessStaff" s
        JOIN "Business" b ON b."id" = s."businessId" JOIN "User" u ON u."id" = s."userId"
      WHERE s."businessId" = ${businessId} AND s."userId" = ${userId} AND b."ownerId" = ${owner.id}
      FOR UPDATE OF s`;
    if (!member) return "not_found";
    if (!(await allLocationsOf(tx, businessId, where))) return "location_not_found";
    const before = await tx.staffLocation.findMany({ where: { businessId, userId }, select: { locationId: true } });
    await tx.businessStaff.update({
      where: { businessId_userId: { businessId, userId } },
      data: { allLocations: where.allLocations },
    });
    await tx.staffLocation.deleteMany({ where: { businessId, userId } });
    const locationIds = where.allLocations ? [] : where.locationIds;
    if (locationIds.length > 0)
      await tx.staffLocation.createMany({
        data: locationIds.map((locationId) => ({ businessId, userId, locationId })),
      });
    await appendAudit(
      {
        businessId,
        action: "STAFF_LOCATIONS_CHANGED",
        ...actorOf(owner),
        before: whereOf(member.allLocations, before.map((l) => l.locationId).sort()),
        after: whereOf(where.allLocations, [...locationIds].sort()),
        details: { userId, email: member.email },
      },
      tx,
      now,
    );
    return "ok";
  });
}

/**
 * The locations the worker may work the counter at, at a business they work
 * at: its open locations, in the owner's order, that the worker works at (the
 * owner and staff of all locations: every one; staff limited to some: those,
 * by the same test as the writing statements, worksAtLocationPart). `many`:
 * the business has more than one open location. Empty choices for anyone else.
 */
export async function listCounterLocations(
  workerId: string,
  businessId: string,
): Promise<{ choices: CounterChoice[]; many: boolean }> {
  const rows = await queryRows<CounterChoice & { openCount: number }>(
    sql`SELECT l."id", l."name",
          (SELECT count(*)::int FROM "Location" o WHERE o."businessId" = b."id" AND o."closedAt" IS NULL) AS "openCount"
        FROM "Business" b JOIN "Location" l ON l."businessId" = b."id" AND l."closedAt" IS NULL
        WHERE b."id" = ${businessId}::text AND ${worksAtLocationPart("b", workerId, sql`l."id"`)}
        ORDER BY l."position", l."createdAt", l."id"`,
  );
  return { choices: rows.map(({ id, name }) => ({ id, name })), many: (rows[0]?.openCount ?? 0) > 1 };
}

/** Whether `locationId` is an open location of the business: why a counter write that named it was refused. */
export async function isOpenLocationOf(businessId: string, locationId: string): Promise<boolean> {
  return (await db.location.count({ where: { id: locationId, businessId, closedAt: null } })) > 0;
}
