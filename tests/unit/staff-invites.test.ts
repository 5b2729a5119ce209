import { acceptRefusal, emailMatchesInvite, INVITE_TTL_MS, inviteExpiry, inviteState } from "@/lib/staff/invites";

const sent = new Date("2026-03-01T10:00:00Z");
const pending = { expiresAt: inviteExpiry(sent), acceptedAt: null, revokedAt: null };
const at = (ms: number) => new Date(sent.getTime() + ms);
const DAY = 86_400_000;

describe("a staff invitation", () => {
  it("is good for exactly 7 days", () => {
    expect(INVITE_TTL_MS).toBe(7 * DAY);
    expect(inviteState(pending, at(7 * DAY - 1))).toBe("pending");
    expect(inviteState(pending, at(7 * DAY))).toBe("expired");
    expect(inviteState(pending, at(8 * DAY))).toBe("expired");
  });

  it("used or revoked says so, whatever the date", () => {
    expect(inviteState({ ...pending, acceptedAt: at(DAY) }, at(DAY))).toBe("accepted");
    expect(inviteState({ ...pending, revokedAt: at(DAY) }, at(DAY))).toBe("revoked");
    expect(inviteState({ ...pending, revokedAt: at(DAY) }, at(9 * DAY))).toBe("revoked");
  });

  it("is for the mailbox it was sent to, in any letter case", () => {
    expect(emailMatchesInvite("Ana@Example.test", "ana@example.test")).toBe(true);
    expect(emailMatchesInvite(" ana@example.test ", "ana@example.test")).toBe(true);
    expect(emailMatchesInvite("ana2@example.test", "ana@example.test")).toBe(false);
    expect(emailMatchesInvite(null, "ana@example.test")).toBe(false);
  });

  it("is refused to the business's owner, another email, an unconfirmed email, and when not pending", () => {
    const invite = { ...pending, email: "ana@example.test", ownerId: "owner" };
    const confirmed = at(0);
    const ana = { id: "ana", email: "ana@example.test", emailVerified: confirmed };
    expect(acceptRefusal(invite, ana, at(DAY))).toBeNull();
    expect(acceptRefusal(null, ana, at(DAY))).toBe("unknown");
    expect(acceptRefusal(invite, { id: "bob", email: "bob@example.test", emailVerified: confirmed }, at(DAY))).toBe(
      "email_mismatch",
    );
    expect(acceptRefusal(invite, { ...ana, emailVerified: null }, at(DAY))).toBe("email_unverified");
    expect(acceptRefusal(invite, { id: "owner", email: "ana@example.test", emailVerified: null }, at(DAY))).toBe(
      "owner",
    );
    expect(acceptRefusal(invite, ana, at(8 * DAY))).toBe("expired");
    expect(acceptRefusal({ ...invite, acceptedAt: at(DAY) }, ana, at(DAY))).toBe("accepted");
  });
});
