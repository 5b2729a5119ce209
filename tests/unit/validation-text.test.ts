import { loginSchema, accountSchema, resetRequestFormSchema, updatePasswordSchema } from "@/lib/validation/auth";
import { businessIdSchema, businessProfileUpdateSchema } from "@/lib/validation/business-profile";
import { businessWizardSchema } from "@/lib/validation/business-registration";
import { slugSchema } from "@/lib/validation/params";
import { programIdSchema, programInputSchema } from "@/lib/validation/programs";
import { businessRegistrationSchema, registerSchema } from "@/lib/validation/registration";
import { redeemCodeSchema, rewardIdSchema } from "@/lib/validation/rewards";
import { profileSettingsSchema } from "@/lib/validation/settings";
import { claimTagSchema, renameTagSchema, secureTagKeysSchema } from "@/lib/validation/tags";
import { tapRequestSchema } from "@/lib/validation/tap";
import {
  CONTROL_CHARACTER_MESSAGE,
  decodeSegment,
  httpUrl,
  idString,
  MULTI_LINE_CONTROL_MESSAGE,
  multiLineText,
  optionalHttpUrl,
  singleLineText,
} from "@/lib/validation/text";
import type { z } from "zod";

const NUL = "\u0000";
const messages = (result: z.ZodSafeParseResult<unknown>) =>
  result.success ? [] : result.error.issues.map((issue) => issue.message);

describe("singleLineText", () => {
  it.each(["\u0000", "\u0001", "\t", "\n", "\r", "\u001b", "\u001f", "\u007f", "\u0080", "\u0085", "\u009f"])(
    "refuses %j with a clear message",
    (control) => {
      const result = singleLineText().safeParse(`Café${control}Central`);
      expect(messages(result)).toEqual([CONTROL_CHARACTER_MESSAGE]);
    },
  );

  it("keeps ordinary text, accents, emoji and other scripts", () => {
    for (const value of ["Café Central", "Forn de Gràcia 🥐", "東京カフェ", "O'Brien & Sons — est. 1901"]) {
      expect(singleLineText().safeParse(value)).toEqual({ success: true, data: value });
    }
  });

  it("chains with trim, min and max", () => {
    const schema = singleLineText().trim().min(1, "Required").max(5, "Too long");
    expect(schema.safeParse("  ab  ").data).toBe("ab");
    expect(messages(schema.safeParse("   "))).toEqual(["Required"]);
    expect(messages(schema.safeParse("abcdef"))).toEqual(["Too long"]);
  });
});

describe("multiLineText", () => {
  it("allows tab, line feed and carriage return", () => {
    expect(multiLineText().safeParse("Line one\r\nLine\ttwo\n").success).toBe(true);
  });

  it.each(["\u0000", "\u0008", "\u000b", "\u000c", "\u001b", "\u007f", "\u0085"])("refuses %j", (control) => {
    expect(messages(multiLineText().safeParse(`Fresh bread${control} daily`))).toEqual([MULTI_LINE_CONTROL_MESSAGE]);
  });
});

describe("idString", () => {
  it.each(["0195f0c2-8d5e-7a4b-9c1d-2e3f4a5b6c7d", "cafe-central", "demo-cafe", "t_1.2~3"])("accepts %p", (id) => {
    expect(idString().safeParse(id).success).toBe(true);
  });

  it.each([
    "",
    NUL,
    `abc${NUL}`,
    "%zz",
    "a b",
    "a/b",
    "../etc",
    "a\tb",
    "é",
    "x".repeat(129),
    42,
    null,
    undefined,
    ["a"],
  ])("refuses %p", (value) => {
    expect(idString("Not found").safeParse(value).success).toBe(false);
  });
});

describe("http(s) links", () => {
  it.each([
    "javascript:alert(1)",
    "JAVASCRIPT:alert(1)",
    " javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
    "ftp://example.com",
    "mailto:a@example.com",
    "//example.com",
    "example.com",
    "https://exa\tmple.com",
    "https://example.com/\u0000",
    "https://example.com/\n",
  ])("refuses %p", (value) => {
    expect(httpUrl().safeParse(value).success).toBe(false);
    expect(optionalHttpUrl().safeParse(value).success).toBe(false);
  });

  it("accepts http and https addresses, and '' where optional", () => {
    expect(httpUrl().safeParse("https://example.com/menu?x=1").success).toBe(true);
    expect(httpUrl().safeParse("http://example.com").success).toBe(true);
    expect(optionalHttpUrl().safeParse("").success).toBe(true);
    expect(httpUrl().safeParse("").success).toBe(false);
  });
});

describe("decodeSegment", () => {
  it("decodes a path segment, or gives null for a malformed escape", () => {
    expect(decodeSegment("caf%C3%A9")).toBe("café");
    expect(decodeSegment("%zz")).toBeNull();
    expect(decodeSegment("%")).toBeNull();
    expect(decodeSegment("%E0%A4%A")).toBeNull();
  });
});

// The fields the audit's sweep sent NUL in, and every other text and id of every schema.
describe("every schema refuses NUL in its text and id fields", () => {
  const profile = {
    name: "Café Central",
    logoUrl: "",
    description: "",
    keywords: ["Cafe"],
    website: "",
    phone: "+34 600 000 000",
    address: "Carrer Major 1",
    socialLinks: [{ network: "instagram", url: "https://instagram.com/cafe" }],
    theme: {
      primaryColor: "",
      secondaryColor: "",
      accentColor: "",
      backgroundColor: "",
      textColor: "",
      descriptionColor: "",
      placeholderIcon: "store",
    },
    dailyTapLimit: 1,
    timezone: "Europe/Madrid",
  };
  const registration = {
    email: "a@example.test",
    password: "a good password",
    metadata: { first_name: "Ana", last_name: "Ruiz", full_name: "Ana Ruiz" },
    tap_id: null,
    business: { name: "Forn" },
    business_profile: {
      keywords: ["Bakery"],
      phone: "+34 600 000 000",
      address: "Carrer Gran 1",
      description: "Bread",
      place_id: "abc",
    },
  };
  const program = {
    businessId: "0195f0c2-8d5e-7a4b-9c1d-2e3f4a5b6c7d",
    type: "stamps",
    name: "Coffee card",
    description: "",
    rules: {},
    rewardName: "Free coffee",
    rewardDescription: "",
  };
  const wizard = {
    businessName: "Forn",
    keywords: ["Bakery"],
    description: "",
    website: "",
    phone: "+34 600 000 000",
    address: "Carrer Gran 1",
    placeId: null,
    firstName: "Ana",
    lastName: "Ruiz",
    email: "a@example.test",
    password: "a good password",
    confirmPassword: "a good password",
    language: "ca",
    timezone: "Europe/Madrid",
  };

  type Case = [string, z.ZodType, Record<string, unknown>, (input: Record<string, unknown>) => void];
  const cases: Case[] = [
    [
      "register metadata.first_name",
      registerSchema,
      registration,
      (i) => ((i.metadata as Record<string, string>).first_name = `Ana${NUL}`),
    ],
    [
      "register metadata.last_name",
      registerSchema,
      registration,
      (i) => ((i.metadata as Record<string, string>).last_name = `Ruiz${NUL}`),
    ],
    [
      "register business.name",
      registerSchema,
      registration,
      (i) => ((i.business as Record<string, string>).name = `Forn${NUL}`),
    ],
    [
      "register keyword",
      registerSchema,
      registration,
      (i) => ((i.business_profile as Record<string, unknown>).keywords = [`Bakery${NUL}`]),
    ],
    [
      "register description",
      registerSchema,
      registration,
      (i) => ((i.business_profile as Record<string, unknown>).description = `Bread${NUL}`),
    ],
    [
      "register address",
      registerSchema,
      registration,
      (i) => ((i.business_profile as Record<string, unknown>).address = `Gran${NUL}`),
    ],
    [
      "register place_id",
      registerSchema,
      registration,
      (i) => ((i.business_profile as Record<string, unknown>).place_id = `abc${NUL}`),
    ],
    [
      "register social link",
      registerSchema,
      registration,
      (i) => ((i.business_profile as Record<string, unknown>).social_media = { x: `https://x.com/${NUL}` }),
    ],
    [
      "register website javascript:",
      registerSchema,
      registration,
      (i) => ((i.business_profile as Record<string, unknown>).website = "javascript:alert(1)"),
    ],
    [
      "register logo_url data:",
      registerSchema,
      registration,
      (i) => ((i.business_profile as Record<string, unknown>).logo_url = "data:image/svg+xml,<svg/>"),
    ],
    [
      "business registration name",
      businessRegistrationSchema,
      registration,
      (i) => ((i.business as Record<string, string>).name = `Forn${NUL}`),
    ],
    ["profile name", businessProfileUpdateSchema, profile, (i) => (i.name = `Café${NUL}`)],
    ["profile description", businessProfileUpdateSchema, profile, (i) => (i.description = `Hello${NUL}`)],
    ["profile keyword", businessProfileUpdateSchema, profile, (i) => (i.keywords = [`Cafe${NUL}`])],
    ["profile phone", businessProfileUpdateSchema, profile, (i) => (i.phone = `600${NUL}`)],
    ["profile address", businessProfileUpdateSchema, profile, (i) => (i.address = `Major${NUL}`)],
    [
      "profile social network",
      businessProfileUpdateSchema,
      profile,
      (i) => (i.socialLinks = [{ network: `ig${NUL}`, url: "https://instagram.com" }]),
    ],
    ["profile website javascript:", businessProfileUpdateSchema, profile, (i) => (i.website = "javascript:alert(1)")],
    ["profile logo data:", businessProfileUpdateSchema, profile, (i) => (i.logoUrl = "data:text/html,x")],
    [
      "profile social link javascript:",
      businessProfileUpdateSchema,
      profile,
      (i) => (i.socialLinks = [{ network: "ig", url: "javascript:alert(1)" }]),
    ],
    ["profile timezone", businessProfileUpdateSchema, profile, (i) => (i.timezone = `Europe/Madrid${NUL}`)],
    ["wizard business name", businessWizardSchema, wizard, (i) => (i.businessName = `Forn${NUL}`)],
    ["wizard first name", businessWizardSchema, wizard, (i) => (i.firstName = `Ana${NUL}`)],
    ["wizard place id", businessWizardSchema, wizard, (i) => (i.placeId = `abc${NUL}`)],
    ["wizard website javascript:", businessWizardSchema, wizard, (i) => (i.website = "javascript:alert(1)")],
    ["program name", programInputSchema, program, (i) => (i.name = `Card${NUL}`)],
    ["program description", programInputSchema, program, (i) => (i.description = `Card${NUL}`)],
    ["program reward name", programInputSchema, program, (i) => (i.rewardName = `Coffee${NUL}`)],
    ["program business id", programInputSchema, program, (i) => (i.businessId = `0195f0c2${NUL}`)],
    [
      "settings first name",
      profileSettingsSchema,
      { firstName: "Laia", lastName: "Serra", birthday: "" },
      (i) => (i.firstName = `Laia${NUL}`),
    ],
    [
      "settings birthday",
      profileSettingsSchema,
      { firstName: "Laia", lastName: "Serra", birthday: "" },
      (i) => (i.birthday = `1990-01-01${NUL}`),
    ],
    [
      "account first name",
      accountSchema,
      {
        firstName: "A",
        lastName: "B",
        email: "a@example.test",
        password: "a good password",
        confirmPassword: "a good password",
      },
      (i) => (i.firstName = `A${NUL}`),
    ],
    ["login email", loginSchema, { email: "a@example.test", password: "x" }, (i) => (i.email = `a@example.test${NUL}`)],
    [
      "reset request email",
      resetRequestFormSchema,
      { email: "a@example.test" },
      (i) => (i.email = `a${NUL}@example.test`),
    ],
    [
      "reset token",
      updatePasswordSchema,
      { password: "a good password", token: "0123456789abcdef" },
      (i) => (i.token = `0123456789${NUL}`),
    ],
    ["tag rename label", renameTagSchema, { tagId: "demo-cafe", label: "Door" }, (i) => (i.label = `Door${NUL}`)],
    [
      "tag claim business id",
      claimTagSchema,
      { tagId: "demo-cafe", businessId: "0195f0c2-8d5e-7a4b-9c1d-2e3f4a5b6c7d" },
      (i) => (i.businessId = `0195${NUL}`),
    ],
    [
      "tag claim tag id",
      claimTagSchema,
      { tagId: "demo-cafe", businessId: "0195f0c2-8d5e-7a4b-9c1d-2e3f4a5b6c7d" },
      (i) => (i.tagId = `demo${NUL}`),
    ],
    [
      "secure tag key",
      secureTagKeysSchema,
      { tagId: "t1", metaReadKey: "1".repeat(32), fileReadKey: "2".repeat(32) },
      (i) => (i.metaReadKey = `${"1".repeat(31)}${NUL}`),
    ],
    ["tap SUN parameter", tapRequestSchema, { id: "demo-cafe", cmac: "ABCD" }, (i) => (i.cmac = `AB${NUL}`)],
    ["redeem code", redeemCodeSchema, { code: "ABCD1234" }, (i) => (i.code = `ABCD${NUL}`)],
  ];

  it.each(cases)("%s", (_name, schema, valid, spoil) => {
    expect(schema.safeParse(valid).success).toBe(true);
    const input = structuredClone(valid);
    spoil(input);
    expect(schema.safeParse(input).success).toBe(false);
  });

  it.each([
    ["reward id", rewardIdSchema],
    ["program id", programIdSchema],
    ["business id", businessIdSchema],
    ["business slug", slugSchema],
  ] as const)("%s refuses NUL, a malformed escape and an over-long value", (_name, schema) => {
    expect(schema.safeParse("0195f0c2-8d5e-7a4b-9c1d-2e3f4a5b6c7d").success).toBe(true);
    for (const bad of [NUL, `0195${NUL}`, "%zz", "x".repeat(200), 7]) expect(schema.safeParse(bad).success).toBe(false);
  });
});
