import { toPublicBusiness } from "@/lib/business/public-business";
import { resolveTheme } from "@/lib/business/theme";
import { businessProfileUpdateSchema } from "@/lib/validation/business-profile";
import { profileFormValues, profileRowData } from "@/lib/validation/business-profile-form";

// A business card between its row, what the public sees, and the owner's editor.
const row = {
  id: "biz-1",
  slug: "cafe-central",
  name: "Café Central",
  logoUrl: "javascript:alert(1)",
  description: null,
  keywords: ["Cafe"],
  website: "https://www.example.com",
  phone: "+34 600 000 000",
  address: "Carrer Major 1",
  socialMedia: { instagram: "https://instagram.com/example", facebook: "data:text/html,hi" },
  theme: { primaryColor: "#7C2D12" },
  settings: { notifications_enabled: true, language: "ca", timezone: "Europe/Madrid" },
  updatedAt: new Date("2026-01-01T00:00:00Z"),
};

describe("the public card of a stored business", () => {
  it("renders only http(s) links and a resolved theme", () => {
    const card = toPublicBusiness(row);
    expect(card.logoUrl).toBeNull();
    expect(card.website).toBe("https://www.example.com");
    expect(card.socialMedia).toEqual({ instagram: "https://instagram.com/example" });
    expect(card.theme).toEqual(resolveTheme({ primaryColor: "#7C2D12" }));
  });

  it("shows its language and nothing else of its settings", () => {
    const card = toPublicBusiness(row);
    expect(card.language).toBe("ca");
    expect(card).not.toHaveProperty("settings");
  });

  it.each([null, "es", [], {}, { language: "en-US" }, { language: "fr" }, { language: 7 }])(
    "reads settings %p as English",
    (settings) => {
      expect(toPublicBusiness({ ...row, settings }).language).toBe("en");
    },
  );

  it("treats a social column that is not an object as no links", () => {
    expect(toPublicBusiness({ ...row, socialMedia: ["https://x.com/a"] }).socialMedia).toEqual({});
  });
});

describe("the profile editor", () => {
  const stored = {
    ...toPublicBusiness(row),
    timezone: "Europe/Madrid",
    dailyTapLimit: 2,
    guestCards: false,
    ownerSummary: "WEEKLY" as const,
    storedTheme: { primaryColor: "#7C2D12" },
  };

  it("starts from what is stored, with empty fields for anything unset", () => {
    expect(profileFormValues({ ...stored, phone: null })).toEqual({
      name: "Café Central",
      logoUrl: "",
      description: "",
      keywords: ["Cafe"],
      website: "https://www.example.com",
      phone: "",
      address: "Carrer Major 1",
      socialLinks: [{ network: "instagram", url: "https://instagram.com/example" }],
      theme: {
        primaryColor: "#7C2D12",
        secondaryColor: "",
        accentColor: "",
        backgroundColor: "",
        textColor: "",
        descriptionColor: "",
        placeholderIcon: "store",
      },
      dailyTapLimit: 2,
      guestCards: false,
      timezone: "Europe/Madrid",
      language: "ca",
      ownerSummary: "WEEKLY",
    });
  });

  it("accepts only the languages the product speaks", () => {
    const values = profileFormValues(stored);
    expect(businessProfileUpdateSchema.safeParse({ ...values, language: "es" }).success).toBe(true);
    expect(businessProfileUpdateSchema.safeParse({ ...values, language: "fr" }).success).toBe(false);
    expect(businessProfileUpdateSchema.safeParse({ ...values, language: "en-US" }).success).toBe(false);
  });

  it("offers the owner's summary off, daily or weekly, and keeps the stored choice when it is left out", () => {
    const values = profileFormValues(stored);
    for (const ownerSummary of ["OFF", "DAILY", "WEEKLY"])
      expect(businessProfileUpdateSchema.safeParse({ ...values, ownerSummary }).success).toBe(true);
    for (const ownerSummary of ["MONTHLY", "daily", "", 1]) {
      const parsed = businessProfileUpdateSchema.safeParse({ ...values, ownerSummary });
      expect(parsed.error?.issues).toEqual([
        expect.objectContaining({ path: ["ownerSummary"], message: "dashboard.profile.validation.ownerSummary" }),
      ]);
    }
    const { ownerSummary: _left, ...withoutSummary } = values;
    expect(profileRowData(businessProfileUpdateSchema.parse(withoutSummary))).not.toHaveProperty("ownerSummary");
  });

  it("saves the owner's switch for guest cards, and keeps the stored one when it is left out", () => {
    const values = profileFormValues(stored);
    expect(profileRowData(businessProfileUpdateSchema.parse({ ...values, guestCards: true }))).toMatchObject({
      guestCards: true,
    });
    expect(businessProfileUpdateSchema.safeParse({ ...values, guestCards: "yes" }).success).toBe(false);
    const { guestCards: _left, ...without } = values;
    expect(profileRowData(businessProfileUpdateSchema.parse(without))).not.toHaveProperty("guestCards");
  });

  it("saves what it shows: empty fields as null, the links as one object, the theme's set colours only", () => {
    const edit = businessProfileUpdateSchema.parse(profileFormValues(stored));
    expect(profileRowData(edit)).toEqual({
      name: "Café Central",
      logoUrl: null,
      description: null,
      keywords: ["Cafe"],
      website: "https://www.example.com",
      phone: "+34600000000",
      address: "Carrer Major 1",
      socialMedia: { instagram: "https://instagram.com/example" },
      theme: { primaryColor: "#7C2D12", placeholderIcon: "store" },
      dailyTapLimit: 2,
      guestCards: false,
      timezone: "Europe/Madrid",
      ownerSummary: "WEEKLY",
    });
  });
});
