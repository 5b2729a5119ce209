import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { getOwnedBusiness, getPublicBusinessBySlug, listBusinessesForSitemap } from "@/lib/db/businesses";
import { updateBusinessProfile } from "@/lib/business/update-profile";
import { registerAccount } from "@/lib/auth/register-account";
import { businessProfileUpdateSchema, type BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { profileFormValues } from "@/lib/validation/business-profile-form";
import { registerSchema } from "@/lib/validation/registration";
import { uniqueEmail } from "../support/api";
import { text } from "../support/catalog";

async function registerOwner(businessName: string) {
  const input = registerSchema.parse({
    email: uniqueEmail("owner"),
    password: "correct horse battery",
    metadata: { first_name: "Marta", last_name: "Puig" },
    business: { name: businessName },
    business_profile: {
      keywords: ["Cafe"],
      phone: "+34 930 111 222",
      address: "Carrer Gran 1, Barcelona",
      website: "https://www.example.com",
      social_media: { instagram: "https://instagram.com/example" },
      theme: JSON.stringify({ primaryColor: "#7C2D12" }),
      settings: { timezone: "Europe/Madrid", language: "ca" },
    },
  });
  const result = await registerAccount(input);
  if (!result.ok || !result.businessId) throw new Error("registration failed");
  const business = await db.business.findUniqueOrThrow({ where: { id: result.businessId } });
  return { userId: result.user.id, business };
}

function validEdit(overrides: Partial<BusinessProfileUpdateInput> = {}): BusinessProfileUpdateInput {
  return {
    name: "Renamed Café",
    logoUrl: "https://cdn.example.com/logo.png",
    description: "Now with brunch.",
    keywords: ["Cafe", "Brunch"],
    website: "https://brunch.example.com",
    phone: "+34 930 999 999",
    address: "Carrer Nou 2, Barcelona",
    socialLinks: [
      { network: "instagram", url: "https://instagram.com/renamed" },
      { network: "tiktok", url: "https://tiktok.com/@renamed" },
    ],
    theme: {
      primaryColor: "#0F766E",
      secondaryColor: "",
      accentColor: "#abc",
      backgroundColor: "#FFFBEB",
      textColor: "",
      descriptionColor: "",
      placeholderIcon: "leaf",
    },
    dailyTapLimit: 3,
    timezone: "America/New_York",
    ...overrides,
  };
}

const uniqueName = (label: string) => `${label} ${randomUUID().slice(0, 8)}`;

afterAll(async () => {
  await db.$disconnect();
});

describe("business slugs", () => {
  it("two businesses registered with the same name get different slugs", async () => {
    const name = uniqueName("Forn Gràcia");
    const first = await registerOwner(name);
    const second = await registerOwner(name);
    expect(first.business.slug).toMatch(/^forn-gracia-[a-z0-9]+$/);
    expect(second.business.slug).toBe(`${first.business.slug}-2`);
    expect(await getPublicBusinessBySlug(second.business.slug)).toMatchObject({ id: second.business.id, name });
  });
});

describe("the owner's business", () => {
  it("is found by its owner by id or by slug, and by nobody else", async () => {
    const { userId, business } = await registerOwner(uniqueName("Bar Lookup"));
    const stranger = await registerOwner(uniqueName("Other Bar"));
    expect((await getOwnedBusiness(userId, business.id))?.id).toBe(business.id);
    expect((await getOwnedBusiness(userId, business.slug))?.id).toBe(business.id);
    expect(await getOwnedBusiness(stranger.userId, business.id)).toBeNull();
    expect(await getOwnedBusiness(stranger.userId, business.slug)).toBeNull();
  });

  it("starts the editor from what is stored", async () => {
    const { userId, business } = await registerOwner(uniqueName("Editor Start"));
    const owned = await getOwnedBusiness(userId, business.id);
    const values = profileFormValues(owned!);
    expect(values).toMatchObject({
      name: business.name,
      website: "https://www.example.com",
      keywords: ["Cafe"],
      socialLinks: [{ network: "instagram", url: "https://instagram.com/example" }],
      theme: { primaryColor: "#7C2D12", secondaryColor: "", placeholderIcon: "store" },
      dailyTapLimit: 1,
      timezone: "Europe/Madrid",
      language: "ca",
    });
    // The stored values pass the same schema the save action uses.
    expect(businessProfileUpdateSchema.safeParse(values).success).toBe(true);
  });
});

describe("updateBusinessProfile", () => {
  it("refuses someone who does not own the business and changes nothing", async () => {
    const { business } = await registerOwner(uniqueName("Not Yours"));
    const intruder = await registerOwner(uniqueName("Intruder"));
    const before = await db.business.findUniqueOrThrow({ where: { id: business.id } });

    expect(await updateBusinessProfile(intruder.userId, business.id, validEdit())).toBeNull();

    expect(await db.business.findUniqueOrThrow({ where: { id: business.id } })).toEqual(before);
  });

  it("saves the owner's edit: links, theme, tap limit and time zone; the slug stays", async () => {
    const { userId, business } = await registerOwner(uniqueName("Edit Me"));
    const saved = await updateBusinessProfile(userId, business.id, validEdit());
    expect(saved?.slug).toBe(business.slug);

    const row = await db.business.findUniqueOrThrow({ where: { id: business.id } });
    expect(row).toMatchObject({
      slug: business.slug,
      name: "Renamed Café",
      logoUrl: "https://cdn.example.com/logo.png",
      description: "Now with brunch.",
      keywords: ["Cafe", "Brunch"],
      website: "https://brunch.example.com",
      phone: "+34 930 999 999",
      address: "Carrer Nou 2, Barcelona",
      socialMedia: { instagram: "https://instagram.com/renamed", tiktok: "https://tiktok.com/@renamed" },
      // Empty colours mean "default" and are not stored.
      theme: { primaryColor: "#0F766E", accentColor: "#abc", backgroundColor: "#FFFBEB", placeholderIcon: "leaf" },
      dailyTapLimit: 3,
      timezone: "America/New_York",
    });
    // Other settings survive; the time zone mirror follows the column.
    expect(row.settings).toMatchObject({ language: "ca", timezone: "America/New_York" });

    const card = await getPublicBusinessBySlug(business.slug);
    expect(card?.name).toBe("Renamed Café");
    expect(card?.theme).toMatchObject({ primaryColor: "#0F766E", secondaryColor: "#7C3AED", placeholderIcon: "leaf" });
  });

  it("saves the owner's summary choice, and an edit that leaves it out keeps it", async () => {
    const { userId, business } = await registerOwner(uniqueName("Resum"));
    expect((await getOwnedBusiness(userId, business.id))?.ownerSummary).toBe("OFF");

    await updateBusinessProfile(userId, business.id, validEdit({ ownerSummary: "WEEKLY" }));
    const owned = await getOwnedBusiness(userId, business.id);
    expect(owned?.ownerSummary).toBe("WEEKLY");
    expect(profileFormValues(owned!).ownerSummary).toBe("WEEKLY");

    await updateBusinessProfile(userId, business.id, validEdit({ name: "Still weekly" }));
    expect(await db.business.findUniqueOrThrow({ where: { id: business.id } })).toMatchObject({
      name: "Still weekly",
      ownerSummary: "WEEKLY",
    });
  });

  it("saves the language the visitors' pages are shown in, and the public card carries it", async () => {
    const { userId, business } = await registerOwner(uniqueName("Idioma"));
    expect((await getPublicBusinessBySlug(business.slug))?.language).toBe("ca");

    await updateBusinessProfile(userId, business.id, validEdit({ language: "es" }));
    const row = await db.business.findUniqueOrThrow({ where: { id: business.id } });
    expect(row.settings).toMatchObject({ language: "es", notifications_enabled: true });
    expect((await getPublicBusinessBySlug(business.slug))?.language).toBe("es");

    // An edit that does not name a language keeps the stored one.
    await updateBusinessProfile(userId, business.id, validEdit({ language: undefined }));
    expect((await getPublicBusinessBySlug(business.slug))?.language).toBe("es");
  });

  it("reads an old free-text language as English", async () => {
    const { business } = await registerOwner(uniqueName("Old Language"));
    await db.business.update({ where: { id: business.id }, data: { settings: { language: "en-US" } } });
    expect((await getPublicBusinessBySlug(business.slug))?.language).toBe("en");
  });

  it("clears optional fields left empty", async () => {
    const { userId, business } = await registerOwner(uniqueName("Clear Me"));
    await updateBusinessProfile(
      userId,
      business.id,
      validEdit({ logoUrl: "", website: "", description: "", socialLinks: [] }),
    );
    const row = await db.business.findUniqueOrThrow({ where: { id: business.id } });
    expect(row).toMatchObject({ logoUrl: null, website: null, description: null, socialMedia: {} });
  });

  it("moves the business's sitemap date forward", async () => {
    const { userId, business } = await registerOwner(uniqueName("Sitemap"));
    await new Promise((resolve) => setTimeout(resolve, 20));
    await updateBusinessProfile(userId, business.id, validEdit());
    const entry = (await listBusinessesForSitemap()).find((b) => b.slug === business.slug);
    expect(entry?.updatedAt.getTime()).toBeGreaterThan(business.updatedAt.getTime());
  });
});

describe("businessProfileUpdateSchema", () => {
  const issues = (input: BusinessProfileUpdateInput) => {
    const result = businessProfileUpdateSchema.safeParse(input);
    // Messages are catalog keys; the owner reads them in English here.
    return result.success
      ? []
      : result.error.issues.map((i) => ({ path: i.path.join("."), message: text("en", i.message) }));
  };

  it("accepts a valid edit", () => {
    expect(issues(validEdit())).toEqual([]);
  });

  it.each([
    ["social link", { socialLinks: [{ network: "instagram", url: "javascript:alert(1)" }] }, "socialLinks.0.url"],
    ["website", { website: "javascript:alert(1)" }, "website"],
    ["logo", { logoUrl: "JavaScript:alert(document.cookie)" }, "logoUrl"],
    ["data: logo", { logoUrl: "data:image/svg+xml,<svg onload=alert(1)>" }, "logoUrl"],
    ["ftp website", { website: "ftp://example.com" }, "website"],
  ])("refuses a non-http(s) %s with a field message", (_label, overrides, path) => {
    expect(issues(validEdit(overrides as Partial<BusinessProfileUpdateInput>))).toEqual([
      { path, message: "Enter a full http:// or https:// address" },
    ]);
  });

  it("refuses bad colours, tap limits outside 1–10, unknown time zones, summary choices and icons", () => {
    expect(issues(validEdit({ theme: { ...validEdit().theme, primaryColor: "red" } }))).toEqual([
      { path: "theme.primaryColor", message: "Use a hex colour like #4F46E5" },
    ]);
    for (const limit of [0, 11, 2.5, Number.NaN]) {
      expect(issues(validEdit({ dailyTapLimit: limit })).map((i) => i.path)).toEqual(["dailyTapLimit"]);
    }
    expect(issues(validEdit({ dailyTapLimit: 10 }))).toEqual([]);
    expect(issues(validEdit({ timezone: "Mars/Olympus_Mons" }))).toEqual([
      { path: "timezone", message: "Choose a valid time zone" },
    ]);
    expect(issues(validEdit({ ownerSummary: "MONTHLY" } as unknown as BusinessProfileUpdateInput))).toEqual([
      { path: "ownerSummary", message: "Choose off, daily or weekly" },
    ]);
    const badIcon = {
      ...validEdit().theme,
      placeholderIcon: "rocket",
    } as unknown as BusinessProfileUpdateInput["theme"];
    expect(issues(validEdit({ theme: badIcon })).map((i) => i.path)).toEqual(["theme.placeholderIcon"]);
  });

  it("requires the registration's fields and refuses duplicate networks", () => {
    expect(issues(validEdit({ name: "  ", keywords: [], phone: "", address: "" }))).toEqual([
      { path: "name", message: "Business name is required" },
      { path: "keywords", message: "At least one keyword is required" },
      { path: "phone", message: "Phone number is required" },
      { path: "address", message: "Business address is required" },
    ]);
    const twice = [
      { network: "instagram", url: "https://instagram.com/a" },
      { network: "Instagram", url: "https://instagram.com/b" },
    ];
    expect(issues(validEdit({ socialLinks: twice }))).toEqual([
      { path: "socialLinks.1.network", message: "This network is already listed" },
    ]);
  });
});
