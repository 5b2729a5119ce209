// The rules of a staff invitation (docs/owner-tools.md, "Staff"): pure, so the
// page, the action and the tests read the same answer. The database enforces
// the same rules again in the accepting UPDATE's own WHERE (lib/db/staff.ts).

/** An invitation link is good for 7 days from when it was sent. */
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;

export type InviteState = "pending" | "expired" | "accepted" | "revoked";

export type InviteFacts = { expiresAt: Date; acceptedAt: Date | null; revokedAt: Date | null };

export function inviteExpiry(sentAt: Date): Date {
  return new Date(sentAt.getTime() + INVITE_TTL_MS);
}

/** Where an invitation stands at `now`: used or revoked first, then its expiry. */
export function inviteState(invite: InviteFacts, now: Date): InviteState {
  if (invite.acceptedAt) return "accepted";
  if (invite.revokedAt) return "revoked";
  return invite.expiresAt.getTime() > now.getTime() ? "pending" : "expired";
}

/** Invitations are addressed to a mailbox: compared without regard to case or surrounding spaces. */
export function normaliseInviteEmail(email: string): string {
  return email.trim().toLowerCase();
}

/**
 * Only the account whose email the invitation was sent to may accept it: a
 * forwarded link does not make its reader staff. An account without an email
 * (a phone sign-up) cannot accept.
 */
export function emailMatchesInvite(accountEmail: string | null | undefined, invitedEmail: string): boolean {
  if (!accountEmail) return false;
  return normaliseInviteEmail(accountEmail) === normaliseInviteEmail(invitedEmail);
}

export type AcceptRefusal =
  "unknown" | "expired" | "accepted" | "revoked" | "email_mismatch" | "email_unverified" | "owner";

/**
 * Why `account` may not accept `invite` now, or null when it may. The owner of
 * the business never becomes its staff (they already do everything). Holding
 * the link is not proof of the mailbox (a link can be forwarded or read over a
 * shoulder, and anyone may sign up with an address nobody has confirmed): the
 * account's email must be confirmed (a link mailed to it, or Google's word)
 * before it accepts.
 */
export function acceptRefusal(
  invite: (InviteFacts & { email: string; ownerId: string }) | null,
  account: { id: string; email: string | null; emailVerified: Date | null },
  now: Date,
): AcceptRefusal | null {
  if (!invite) return "unknown";
  const state = inviteState(invite, now);
  if (state !== "pending") return state;
  if (invite.ownerId === account.id) return "owner";
  if (!emailMatchesInvite(account.email, invite.email)) return "email_mismatch";
  if (!account.emailVerified) return "email_unverified";
  return null;
}
