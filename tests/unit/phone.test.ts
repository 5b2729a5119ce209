import { businessWizardSchema, emptyWizardValues } from "@/lib/validation/business-registration";
import { formatPhone, phoneNumber, toE164 } from "@/lib/validation/phone";
import { text } from "@/tests/support/catalog";

// Phone numbers are read with libphonenumber-js, Spain by default, stored in
// E.164 and shown nationally for Spain, internationally elsewhere.
describe("phone numbers", () => {
  it("stores what people type in E.164", () => {
    expect(toE164("612 34 56 78")).toBe("+34612345678");
    expect(toE164("0034 612 345 678")).toBe("+34612345678");
    expect(toE164("+33 1 23 45 67 89")).toBe("+33123456789");
    expect(phoneNumber().parse(" 612-34-56-78 ")).toBe("+34612345678");
    expect(phoneNumber().parse("")).toBe("");
  });

  it("refuses what is no phone number with the catalog's message", () => {
    for (const bad of ["abc", "123", "+34 600", "612 34 56 78 90 12"]) {
      const message = phoneNumber().safeParse(bad).error?.issues[0]?.message ?? "";
      expect([bad, text("es", message)]).toEqual([bad, "Escribe un número de teléfono válido"]);
    }
    const wizard = businessWizardSchema.safeParse({ ...emptyWizardValues, phone: "abc" });
    const issue = wizard.error?.issues.find((i) => i.path[0] === "phone");
    expect(text("ca", issue?.message ?? "")).toBe("Escriu un número de telèfon vàlid");
  });

  it("shows a Spanish number nationally, another internationally, and an unreadable one as stored", () => {
    expect(formatPhone("+34612345678")).toBe("612 34 56 78");
    expect(formatPhone("+442079460958")).toBe("+44 20 7946 0958");
    expect(formatPhone("call the shop")).toBe("call the shop");
  });
});
