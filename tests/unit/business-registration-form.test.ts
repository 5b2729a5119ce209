import {
  businessWizardSchema,
  DEFAULT_THEME,
  emptyWizardValues,
  firstStepWithError,
  toBusinessRegistration,
  toRegistrationPayload,
  WIZARD_STEPS,
  type BusinessWizardInput,
} from "@/lib/validation/business-registration";
import { businessRegistrationSchema, registerSchema } from "@/lib/validation/registration";
import type { Message } from "@/lib/i18n/message";
import { issueMessage } from "@/lib/validation/errors";
import { shownAs } from "@/tests/support/catalog";

// The schema's messages are catalog keys; these tests read them as an English visitor sees them.
const english = shownAs("en");

const filled: BusinessWizardInput = {
  businessName: "  Forn Sant Joan ",
  keywords: ["Bakery", "Cafe"],
  description: "",
  website: "https://fornsantjoan.example",
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

function messagesFor(values: BusinessWizardInput, fields: readonly string[]) {
  const result = businessWizardSchema.safeParse(values);
  if (result.success) return [];
  // Like the form's resolver: the first message of each field.
  const first = new Map<string, Message>();
  for (const issue of result.error.issues) {
    const field = String(issue.path[0]);
    if (fields.includes(field) && !first.has(field)) first.set(field, issueMessage(issue));
  }
  return [...first.values()].map(english);
}

describe("wizard form schema", () => {
  it("step 1 on an empty form has the four business messages", () => {
    expect(messagesFor(emptyWizardValues, WIZARD_STEPS[0].fields)).toEqual([
      "Business name is required",
      "At least one keyword is required",
      "Phone number is required",
      "Business address is required",
    ]);
  });

  it("step 2 on an empty form has the account messages", () => {
    expect(messagesFor(emptyWizardValues, WIZARD_STEPS[1].fields)).toEqual([
      "First name is required",
      "Last name is required",
      "Email is required",
      "Password is required",
    ]);
  });

  it("reports mismatched passwords even while another field still has an error", () => {
    expect(
      messagesFor({ ...filled, firstName: "", confirmPassword: "something else" }, WIZARD_STEPS[1].fields),
    ).toEqual(["First name is required", "Passwords do not match"]);
  });

  it("keeps the server's 8-character password rule", () => {
    expect(messagesFor({ ...filled, password: "short", confirmPassword: "short" }, ["password"])).toEqual([
      "Password must be at least 8 characters",
    ]);
  });

  it("accepts only http(s) websites, or none", () => {
    expect(messagesFor({ ...filled, website: "javascript:alert(1)" }, ["website"])).toEqual([
      "Enter a full http:// or https:// address",
    ]);
    expect(businessWizardSchema.safeParse({ ...filled, website: "" }).success).toBe(true);
  });

  it("accepts only keywords from the category list", () => {
    expect(businessWizardSchema.safeParse({ ...filled, keywords: ["Free text"] }).success).toBe(false);
  });

  it("accepts a complete form", () => {
    expect(businessWizardSchema.safeParse(filled).success).toBe(true);
  });

  it("checks the business's language and time zone on the confirm step", () => {
    expect(WIZARD_STEPS[2].fields).toEqual(["language", "timezone"]);
    expect(messagesFor({ ...filled, timezone: "Europe/Barcelona" }, WIZARD_STEPS[2].fields)).toEqual([
      "Choose a valid time zone",
    ]);
    expect(messagesFor({ ...filled, timezone: "" }, WIZARD_STEPS[2].fields)).toEqual(["Choose a valid time zone"]);
    expect(
      messagesFor({ ...filled, language: "fr" } as unknown as BusinessWizardInput, WIZARD_STEPS[2].fields),
    ).toEqual(["Choose one of the languages offered"]);
    expect(businessWizardSchema.safeParse({ ...filled, language: "es", timezone: "Atlantic/Canary" }).success).toBe(
      true,
    );
  });

  it("sends the user back to the first step holding an invalid field", () => {
    expect(firstStepWithError(["email", "phone"])).toBe(0);
    expect(firstStepWithError(["confirmPassword"])).toBe(1);
    expect(firstStepWithError([])).toBeNull();
  });
});

describe("registration payload", () => {
  it("has every field of the full payload", () => {
    const payload = toRegistrationPayload(filled, "tag-1");
    expect(payload).toEqual({
      email: "nuria@example.test",
      password: "a good password",
      metadata: { full_name: "Núria Puig", first_name: "Núria", last_name: "Puig" },
      business: { name: "Forn Sant Joan" },
      tap_id: "tag-1",
      business_profile: {
        logo_url: null,
        theme: JSON.stringify(DEFAULT_THEME),
        social_media: {},
        keywords: ["Bakery", "Cafe"],
        description: null,
        website: "https://fornsantjoan.example",
        phone: "+34 931 234 567",
        address: "Carrer de Sant Joan 1, Barcelona",
        place_id: null,
        settings: { notifications_enabled: true, language: "ca", timezone: "Europe/Madrid" },
      },
    });
    expect(JSON.parse(payload.business_profile.theme)).toEqual({
      primaryColor: "#4F46E5",
      secondaryColor: "#7C3AED",
      textColor: "#FFFFFF",
      backgroundColor: "#FFFFFF",
      accentColor: "#4F46E5",
    });
  });

  it("is accepted by the server's schema", () => {
    const parsed = registerSchema.safeParse(
      toRegistrationPayload({ ...filled, placeId: "ChIJ123", description: "Bread", timezone: "UTC" }, null),
    );
    expect(parsed.success).toBe(true);
    expect(parsed.data?.business_profile?.place_id).toBe("ChIJ123");
    expect(parsed.data?.tap_id).toBeNull();
  });

  it("keeps the password out of a pending Google registration, which the callback accepts", () => {
    const pending = toBusinessRegistration(filled, "tag-1");
    expect(JSON.stringify(pending)).not.toContain("a good password");
    expect(pending).not.toHaveProperty("password");
    expect(businessRegistrationSchema.safeParse(pending).success).toBe(true);
  });
});
