import { toPublicBusiness } from "@/lib/business/public-business";
import { businessProfileUpdateSchema } from "@/lib/validation/business-profile";
import { profileFormValues } from "@/lib/validation/business-profile-form";
import { businessWizardSchema, type BusinessWizardInput } from "@/lib/validation/business-registration";
import { businessProfileSchema } from "@/lib/validation/registration";
import { withWebScheme } from "@/lib/validation/text";

// A website typed as people say it, "fornqa.cat", is taken as https://fornqa.cat
// by the wizard, the profile editor and the JSON API alike; what is not a web
// address is still refused.

const wizard: BusinessWizardInput = {
  businessName: "Forn Qa",
  keywords: ["Bakery"],
  description: "",
  website: "",
  phone: "+34 931 234 567",
  address: "Carrer de Sant Joan 1, Barcelona",
  placeId: null,
  language: "ca",
  timezone: "Europe/Madrid",
  firstName: "Núria",
  lastName: "Puig",
  email: "nuria@example.test",
  password: "a good password",
  confirmPassword: "a good password",
};

const profile = profileFormValues({
  ...toPublicBusiness({
    id: "biz-1",
    slug: "forn-qa",
    name: "Forn Qa",
    logoUrl: null,
    description: null,
    keywords: ["Bakery"],
    website: null,
    phone: "+34 600 000 000",
    address: "Carrer Major 1",
    socialMedia: {},
    theme: {},
    settings: { language: "ca" },
    updatedAt: new Date("2026-01-01T00:00:00Z"),
  }),
  timezone: "Europe/Madrid",
  dailyTapLimit: 1,
  guestCards: true,
  ownerSummary: "WEEKLY" as const,
  storedTheme: {},
});

const throughWizard = (website: string) => businessWizardSchema.safeParse({ ...wizard, website });
const throughProfile = (website: string) => businessProfileUpdateSchema.safeParse({ ...profile, website });
const throughApi = (website: string | null) => businessProfileSchema.safeParse({ keywords: [], website });

describe("a website without its scheme", () => {
  it.each(["fornqa.cat", " www.fornqa.cat/carta ", "//fornqa.cat"])("%p gets https:// in every form", (typed) => {
    const expected = `https://${typed.trim().replace(/^\/\//, "")}`;
    expect(throughWizard(typed).data?.website).toBe(expected);
    expect(throughProfile(typed).data?.website).toBe(expected);
    expect(throughApi(typed).data?.website).toBe(expected);
  });

  it("keeps an address that has one", () => {
    expect(throughProfile("http://fornqa.cat").data?.website).toBe("http://fornqa.cat");
    expect(throughApi("https://fornqa.cat/").data?.website).toBe("https://fornqa.cat/");
  });

  it.each(["abc", "javascript:alert(1)", "mailto:forn@qa.cat", "fornqa .cat"])("still refuses %p", (typed) => {
    expect(throughWizard(typed).success).toBe(false);
    expect(throughProfile(typed).success).toBe(false);
    expect(throughApi(typed).success).toBe(false);
  });

  it("leaves an empty field empty", () => {
    expect(throughWizard("").data?.website).toBe("");
    expect(throughProfile("").data?.website).toBe("");
    expect(throughApi("").data?.website).toBeNull();
    expect(throughApi(null).data?.website).toBeNull();
    expect(withWebScheme("")).toBe("");
  });
});
