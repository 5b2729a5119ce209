import { addBusinessAction } from "@/lib/actions/register-business";
import { POST as register } from "@/app/api/auth/register/route";
import { getCurrentUser } from "@/lib/auth/current-user";
import { db } from "@/lib/db";
import { findActiveUserById } from "@/lib/db/users";
import {
  toBusinessRegistration,
  toRegistrationPayload,
  type BusinessWizardInput,
} from "@/lib/validation/business-registration";
import { call, uniqueEmail } from "../support/api";
import { createUser, uid } from "../support/fixtures";
import { filledWizard } from "../support/wizard";

// The registration wizard's confirm step chooses the business's language and
// time zone: both are stored as chosen, a zone the runtime does not know is
// refused with a message that says so, and the JSON API keeps its defaults.

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
jest.mock("next/headers", () => ({
  ...jest.requireActual("next/headers"),
  headers: jest.fn(async () => new Headers({ "x-loyaltap-client-ip": "10.9.9.8" })),
  cookies: jest.fn(async () => ({ set: jest.fn(), get: jest.fn() })),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

afterAll(() => db.$disconnect());

const wizard = (overrides: Partial<BusinessWizardInput> = {}): BusinessWizardInput =>
  filledWizard({ businessName: `Forn ${uid()}`, email: uniqueEmail(), ...overrides });

async function signedInOwner() {
  const { user } = await createUser();
  jest.mocked(getCurrentUser).mockResolvedValue((await findActiveUserById(user.id))!);
  return user;
}

describe("a signed-in owner's registration (the wizard's action)", () => {
  it("stores the language and time zone chosen on the confirm step", async () => {
    const owner = await signedInOwner();
    const values = wizard({ language: "es", timezone: "Atlantic/Canary" });
    const result = await addBusinessAction(toBusinessRegistration(values, null));
    expect(result).toMatchObject({ ok: true });
    const business = await db.business.findFirstOrThrow({ where: { ownerId: owner.id } });
    expect(business.timezone).toBe("Atlantic/Canary");
    expect(business.settings).toMatchObject({ language: "es" });
  });

  it("refuses a zone that does not exist with a clear message, and creates nothing", async () => {
    const owner = await signedInOwner();
    const values = wizard({ timezone: "Europe/Barcelona" });
    const result = await addBusinessAction(toBusinessRegistration(values, null));
    expect(result).toMatchObject({ ok: false, error: "Choose a valid time zone" });
    expect(await db.business.count({ where: { ownerId: owner.id } })).toBe(0);
  });
});

describe("a registration through the JSON API (the visitor's wizard)", () => {
  it("stores the chosen language and time zone", async () => {
    const values = wizard({ language: "ca", timezone: "Europe/Madrid" });
    const res = await call(register, "POST", "/api/auth/register", { body: toRegistrationPayload(values, null) });
    expect(res.status).toBe(201);
    const business = await db.business.findUniqueOrThrow({ where: { id: String(res.json.business_id) } });
    expect(business.timezone).toBe("Europe/Madrid");
    expect(business.settings).toMatchObject({ language: "ca" });
  });

  it("refuses an unknown zone with a clear message in the caller's language, and creates no account", async () => {
    const values = wizard({ timezone: "Mars/Olympus_Mons" });
    for (const [language, message] of [
      ["en", "Choose a valid time zone"],
      ["es", "Elige una zona horaria válida"],
      ["ca", "Tria una zona horària vàlida"],
    ] as const) {
      const res = await call(register, "POST", "/api/auth/register", {
        body: toRegistrationPayload(values, null),
        headers: { "Accept-Language": language },
      });
      expect(res.status).toBe(400);
      expect(res.json.message).toBe(message);
    }
    expect(await db.user.count({ where: { email: values.email } })).toBe(0);
  });

  it("keeps English as the language of a payload that names none", async () => {
    const values = wizard();
    const payload = toRegistrationPayload(values, null);
    const { language: _language, ...settings } = payload.business_profile.settings;
    const res = await call(register, "POST", "/api/auth/register", {
      body: { ...payload, business_profile: { ...payload.business_profile, settings } },
      headers: { "Accept-Language": "ca" },
    });
    expect(res.status).toBe(201);
    const business = await db.business.findUniqueOrThrow({ where: { id: String(res.json.business_id) } });
    expect(business.settings).toMatchObject({ language: "en" });
  });
});
