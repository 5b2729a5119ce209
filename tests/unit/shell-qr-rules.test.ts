import { qrUserIdSchema } from "@/lib/validation/qr";
import {
  deleteAccountSchema,
  isValidBirthday,
  languageSettingsSchema,
  ownsBusinessesMessage,
  profileSettingsSchema,
} from "@/lib/validation/settings";
import { text } from "../support/catalog";

describe("QR page address", () => {
  it("accepts only uuid ids", () => {
    expect(qrUserIdSchema.safeParse("0196f1a2-7b3c-7d4e-8f90-123456789abc").success).toBe(true);
    expect(qrUserIdSchema.safeParse("not-an-id").success).toBe(false);
    expect(qrUserIdSchema.safeParse("' OR 1=1 --").success).toBe(false);
  });

  it("the language setting takes only the product's languages, with a message that lists them", () => {
    expect(languageSettingsSchema.safeParse({ language: "ca" }).data).toEqual({ language: "ca" });
    for (const bad of ["fr", "en-US", "", 1, null, undefined]) {
      const result = languageSettingsSchema.safeParse({ language: bad });
      expect(result.success).toBe(false);
      expect(text("en", result.error?.issues[0]?.message ?? "")).toBe("Choose English, Español or Català");
      expect(text("es", result.error?.issues[0]?.message ?? "")).toBe("Elige English, Español o Català");
    }
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
    expect(result.error?.issues.map((i) => text("en", i.message))).toEqual([
      "First name is required",
      "Last name is required",
    ]);
  });

  it("deleting carries the current password, or nothing after a confirmation link, and no typed word", () => {
    expect(deleteAccountSchema.safeParse({ password: "my old password" }).success).toBe(true);
    expect(deleteAccountSchema.safeParse({}).success).toBe(true);
    expect(deleteAccountSchema.safeParse({ password: "x".repeat(1025) }).success).toBe(false);
    expect(deleteAccountSchema.safeParse({ password: 42 }).success).toBe(false);
  });

  it("an owner's account can't be deleted, and the refusal names the businesses", () => {
    expect(text("en", ownsBusinessesMessage(["Café Central"]))).toMatch(
      /^Your account owns Café Central\. Businesses keep/,
    );
    expect(text("en", ownsBusinessesMessage(["A", "B"]))).toMatch(/^Your account owns 2 businesses \(A, B\)\. /);
  });

  it("the language setting takes only the product's languages, with a message that lists them", () => {
    expect(languageSettingsSchema.safeParse({ language: "ca" }).data).toEqual({ language: "ca" });
    for (const bad of ["fr", "en-US", "", 1, null, undefined]) {
      const result = languageSettingsSchema.safeParse({ language: bad });
      expect(result.success).toBe(false);
      expect(text("en", result.error?.issues[0]?.message ?? "")).toBe("Choose English, Español or Català");
      expect(text("es", result.error?.issues[0]?.message ?? "")).toBe("Elige English, Español o Català");
    }
  });
});
