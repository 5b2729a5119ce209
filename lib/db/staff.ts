import "server-only";
import { db, Prisma } from "@/lib/db";
import { appendAudit } from "@/lib/db/audit";
import { acceptRefusal, inviteExpiry, normaliseInviteEmail, type AcceptRefusal } from "@/lib/staff/invites";
import { displayName, type NameParts } from "@/lib/users/display-name";

// A business's staff and its invitations (docs/owner-tools.md, "Staff").
// Inviting, listing and revoking are the owner's alone: each statement matches
// the business's `ownerId` itself. Accepting is the invited account's: the
// invitation is spent by one conditional UPDATE in the transaction that adds
// the staff row, so a link works once, and never after it expired or was revoked.
// Links are found by the hash of their token (lib/staff/invite-links.ts makes
// and hashes them, and mails them).

const nameSelect = { firstName: true, lastName: true, name: true } satisfies Prisma.UserSelect;

type Actor = { id: string } & NameParts;

const actorOf = (user: Actor) => ({ actorId: user.id, actorName: displayName(user) });

export type InviteRefusal = { ok: false; reason: "not_found" | "own_email" | "already_staff" };

/**
 * The owner invites `email` to the staff: a new invitation, valid 7 days,
 * whose link's token hashes to `tokenHash`. A pending invitation to the same
 * address is replaced (its link stops working). Audited as STAFF_INVITED.
 * Returns the normalised address and the business's name.
 */
export async function insertInvite(
  owner: Actor,
  businessId: string,
  rawEmail: string,
  tokenHash: string,
  now = new Date(),
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
    await tx.staffInvite.updateMany({
      where: { businessId, email, acceptedAt: null, revokedAt: null },
      data: { revokedAt: now },
    });
    const invite = await tx.staffInvite.create({
      data: { businessId, email, tokenHash, invitedById: owner.id, expiresAt: inviteExpiry(now), createdAt: now },
      select: { id: true, expiresAt: true },
    });
    await appendAudit(
      {
        businessId,
        action: "STAFF_INVITED",
        ...actorOf(owner),
        details: { email, inviteId: invite.id, expiresAt: invite.expiresAt.toISOString() },
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
        select: { userId: true, createdAt: true, invitedById: true, user: { select: { ...nameSelect, email: true } } },
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
    await tx.businessStaff.createMany({
      data: [{ businessId: invite.businessId, userId: account.id, invitedById: invite.invitedById, createdAt: now }],
      skipDuplicates: true,
    });
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
