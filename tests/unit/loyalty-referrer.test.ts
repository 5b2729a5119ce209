import { checkReferrer, REFERRAL_WINDOW_DAYS, referralWindowStart } from "@/lib/loyalty/referrer";
import { REFERRER_MESSAGES } from "@/lib/validation/qr";
import { text } from "@/tests/support/catalog";

// Naming the friend who brought you, from their QR page.
describe("referrer rule", () => {
  const now = new Date("2026-06-30T12:00:00Z");
  const day = 86_400_000;
  const viewer = { id: "me", createdAt: new Date("2026-06-20T12:00:00Z"), referredById: null };

  it("allows a new customer to name a friend", () => {
    expect(checkReferrer(viewer, "friend", now)).toEqual({ ok: true });
  });

  it("never yourself", () => {
    expect(checkReferrer(viewer, "me", now)).toEqual({ ok: false, reason: "self" });
  });

  it("only once", () => {
    expect(checkReferrer({ ...viewer, referredById: "someone" }, "friend", now)).toEqual({
      ok: false,
      reason: "already_set",
    });
  });

  it(`only within ${REFERRAL_WINDOW_DAYS} days of signing up`, () => {
    expect(checkReferrer({ ...viewer, createdAt: new Date(now.getTime() - 30 * day) }, "friend", now).ok).toBe(true);
    expect(checkReferrer({ ...viewer, createdAt: new Date(now.getTime() - 30 * day - 1) }, "friend", now)).toEqual({
      ok: false,
      reason: "window_closed",
    });
  });

  it("opens the window at the sign-up 30 days before now, the same instant the database update checks", () => {
    expect(referralWindowStart(now)).toEqual(new Date("2026-05-31T12:00:00Z"));
    expect(checkReferrer({ ...viewer, createdAt: referralWindowStart(now) }, "friend", now)).toEqual({ ok: true });
  });

  it("explains each refusal in words the QR page shows", () => {
    // The messages are catalog keys, read in the viewer's language; English is as it always was.
    const english = Object.fromEntries(
      Object.entries(REFERRER_MESSAGES).map(([reason, key]) => [reason, text("en", key)]),
    );
    expect(english).toEqual({
      self: "You can't be your own referrer.",
      already_set: "You have already named a referrer.",
      window_closed: "A referrer can only be added within 30 days of signing up.",
      not_found: "This QR code doesn't belong to an active account.",
    });
    expect(text("es", REFERRER_MESSAGES.window_closed)).toBe(
      "Solo puedes indicar quién te invitó durante los 30 días siguientes a registrarte.",
    );
  });
});
