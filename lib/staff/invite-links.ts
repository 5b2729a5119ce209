import "server-only";
import { hashToken, newOpaqueToken } from "@/lib/auth/tokens";
import {
  findInviteView,
  findPendingInviteEmail,
  insertInvite,
  spendInvite,
  type AcceptOutcome,
  type InviteRefusal,
  type InviteView,
} from "@/lib/db/staff";
import { storedLocale } from "@/lib/i18n/locales";
import type { StaffWhere } from "@/lib/staff/locations";
import { mailer } from "@/lib/mail";
import { staffInviteMail } from "@/lib/mail/templates";
import { siteUrl } from "@/lib/site";
import type { NameParts } from "@/lib/users/display-name";

// Staff invitations by link (docs/owner-tools.md, "Staff"): the link carries a
// one-time token, stored only as its hash (lib/auth/tokens.ts); the rows and
// the rules of accepting are lib/db/staff.ts's.

export type InviteOutcome = { ok: true; email: string } | InviteRefusal;

/**
 * The owner invites `email` to the staff: a new one-time link, valid 7 days,
 * mailed in the owner's language once the invitation is saved, to work at
 * every location or only at those of `where` (docs/locations.md, "Staff"). A
 * pending invitation to the same address is replaced (its link stops working).
 */
export async function inviteStaff(
  owner: { id: string; language?: string | null } & NameParts,
  businessId: string,
  rawEmail: string,
  now = new Date(),
  where: StaffWhere = { allLocations: true },
): Promise<InviteOutcome> {
  const { token, hash } = newOpaqueToken();
  const saved = await insertInvite(owner, businessId, rawEmail, hash, now, where);
  if (!saved.ok) return saved;
  const link = `${siteUrl()}/staff/accept?token=${encodeURIComponent(token)}`;
  await mailer().send({
    to: saved.email,
    ...(await staffInviteMail(storedLocale(owner.language), link, saved.businessName)),
  });
  return { ok: true, email: saved.email };
}

type InviteReader = Parameters<typeof findInviteView>[1];

/** The invitation a link names, as `account` may act on it; null for an unknown link. */
export async function viewInvite(token: string, account: InviteReader, now = new Date()): Promise<InviteView | null> {
  if (!token) return null;
  return findInviteView(hashToken(token), account, now);
}

/** The address a pending invitation (not accepted, revoked or expired) was sent to; null for any other link. */
export async function pendingInviteEmail(token: string, now = new Date()): Promise<string | null> {
  if (!token) return null;
  return findPendingInviteEmail(hashToken(token), now);
}

/** The invited account accepts the link's invitation, once (lib/db/staff.ts, spendInvite). */
export async function acceptInvite(
  account: Parameters<typeof spendInvite>[0],
  token: string,
  now = new Date(),
): Promise<AcceptOutcome> {
  if (!token) return { ok: false, reason: "unknown" };
  return spendInvite(account, hashToken(token), now);
}
