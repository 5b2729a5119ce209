import { checkReferrer, qrDisplayName, qrUserIdSchema, REFERRAL_WINDOW_DAYS } from "@/lib/db/qr";
import { deleteAccountSchema, isValidBirthday, profileSettingsSchema } from "@/lib/validation/settings";

describe("QR page display name", () => {
  it("is the first name and last initial, never more", () => {
    expect(qrDisplayName({ firstName: "Jordi", lastName: "Vila", name: "Jordi Vila" })).toBe("Jordi V.");
    expect(qrDisplayName({ firstName: "jordi", lastName: "vila", name: null })).toBe("jordi V.");
  });

  it("falls back to the display name's words, then to a neutral label", () => {
    expect(qrDisplayName({ firstName: null, lastName: null, name: "Laia Serra Puig" })).toBe("Laia S.");
    expect(qrDisplayName({ firstName: "Laia", lastName: null, name: "Laia Serra" })).toBe("Laia");
    expect(qrDisplayName({ firstName: null, lastName: null, name: null })).toBe("Loyaltap member");
  });

  it("accepts only uuid ids", () => {
    expect(qrUserIdSchema.safeParse("0196f1a2-7b3c-7d4e-8f90-123456789abc").success).toBe(true);
    expect(qrUserIdSchema.safeParse("not-an-id").success).toBe(false);
    expect(qrUserIdSchema.safeParse("' OR 1=1 --").success).toBe(false);
  });
});

describe("referrer rule", () => {
  const now = new Date("2026-06-30T12:00:00Z");
  const viewer = { id: "me", createdAt: new Date("2026-06-20T12:00:00Z"), referredById: null };

  it("allows a new customer to name a friend", () => {
    expect(checkReferrer(viewer, "friend", now)).toEqual({ ok: true });
  });

  it("never yourself", () => {
    expect(checkReferrer(viewer, "me", now)).toEqual({ ok: false, reason: "self" });
  });

  it("only once", () => {
    expect(checkReferrer({ ...viewer, referredById: "someone" }, "friend", now)).toEqual({ ok: false, reason: "already_set" });
  });

  it(`only within ${REFERRAL_WINDOW_DAYS} days of signing up`, () => {
    const day = 86_400_000;
    expect(checkReferrer({ ...viewer, createdAt: new Date(now.getTime() - 30 * day) }, "friend", now).ok).toBe(true);
    expect(checkReferrer({ ...viewer, createdAt: new Date(now.getTime() - 30 * day - 1) }, "friend", now)).toEqual({
      ok: false,
      reason: "window_closed",
    });
  });
});

describe("settings inputs", () => {
  const now = new Date("2026-06-30T12:00:00Z");

  it("birthday: a real past date or nothing", () => {
    expect(isValidBirthday("1990-02-28", now)).toBe(true);
    expect(isValidBirthday("2024-02-29", now)).toBe(true);
    expect(isValidBirthday("2023-02-29", now)).toBe(false);
    expect(isValidBirthday("1990-13-01", now)).toBe(false);
    expect(isValidBirthday("1899-12-31", now)).toBe(false);
    expect(isValidBirthday("2030-01-01", now)).toBe(false);
    expect(isValidBirthday("01/02/1990", now)).toBe(false);
    expect(profileSettingsSchema.safeParse({ firstName: "A", lastName: "B", birthday: "" }).success).toBe(true);
  });

  it("names are required, with the registration form's messages", () => {
    const result = profileSettingsSchema.safeParse({ firstName: "  ", lastName: "", birthday: "" });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(["First name is required", "Last name is required"]);
  });

  it("deleting needs DELETE typed exactly", () => {
    expect(deleteAccountSchema.safeParse({ confirm: "DELETE" }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ confirm: "delete" }).error?.issues[0]?.message).toBe("Type DELETE to confirm");
    expect(deleteAccountSchema.safeParse({}).success).toBe(false);
  });
});
