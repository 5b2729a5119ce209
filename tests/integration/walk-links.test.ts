import { resetLinkUsable, resetPasswordWithToken, RESET_TOKEN_TTL_MS } from "@/lib/auth/password-reset";
import { newOpaqueToken } from "@/lib/auth/tokens";
import { db } from "@/lib/db";
import { pendingInviteEmail } from "@/lib/staff/invite-links";
import { createBusiness, createUser } from "../support/fixtures";

// The links people open from a mail are read when the page opens: a reset
// link says at once whether it can still set a password, and a staff
// invitation names the address its sign-up starts from.

async function resetLink(userId: string, expiresAt: Date) {
  const { token, hash } = newOpaqueToken();
  await db.passwordResetToken.create({ data: { userId, tokenHash: hash, expiresAt } });
  return token;
}

describe("a password-reset link, checked on load", () => {
  it("is usable until it is used or expires, and an unknown one never is", async () => {
    const { user } = await createUser();
    const now = new Date();
    const fresh = await resetLink(user.id, new Date(now.getTime() + RESET_TOKEN_TTL_MS));
    const expired = await resetLink(user.id, new Date(now.getTime() - 1000));
    expect(await resetLinkUsable(fresh, now)).toBe(true);
    expect(await resetLinkUsable(expired, now)).toBe(false);
    expect(await resetLinkUsable("not-a-real-reset-token", now)).toBe(false);
    expect(await resetLinkUsable("", now)).toBe(false);

    expect(await resetPasswordWithToken(fresh, "a brand new password", now)).toBe(true);
    expect(await resetLinkUsable(fresh, now)).toBe(false);
    // Hashing the new password is slow on a busy machine.
  }, 20_000);
});

describe("a staff invitation's address", () => {
  it("is given for a pending invitation only", async () => {
    const { business, owner } = await createBusiness();
    const now = new Date();
    const invite = async (email: string, data: { acceptedAt?: Date; revokedAt?: Date; expiresAt?: Date } = {}) => {
      const { token, hash } = newOpaqueToken();
      await db.staffInvite.create({
        data: {
          businessId: business.id,
          email,
          tokenHash: hash,
          invitedById: owner.user.id,
          expiresAt: new Date(now.getTime() + 86_400_000),
          ...data,
        },
      });
      return token;
    };
    expect(await pendingInviteEmail(await invite("sara@example.test"), now)).toBe("sara@example.test");
    expect(await pendingInviteEmail(await invite("gone@example.test", { revokedAt: now }), now)).toBeNull();
    expect(await pendingInviteEmail(await invite("used@example.test", { acceptedAt: now }), now)).toBeNull();
    expect(
      await pendingInviteEmail(await invite("late@example.test", { expiresAt: new Date(now.getTime() - 1) }), now),
    ).toBeNull();
    expect(await pendingInviteEmail("no-such-invitation", now)).toBeNull();
  });
});
