import { POST as register } from "@/app/api/auth/register/route";
import { db } from "@/lib/db";
import { businessProfileUpdateSchema } from "@/lib/validation/business-profile";
import { signedInWizardSchema } from "@/lib/validation/business-registration";
import { programInputSchema } from "@/lib/validation/programs";
import { NAME_WITH_LINK_MESSAGE } from "@/lib/validation/text";
import { call, uniqueEmail } from "../support/api";
import { text } from "../support/catalog";
import { profileForm } from "../support/profile-form";

// Business and reward names go into mail subjects ("You earned {reward} at
// {business}"), so a name carrying a URL or an '@' is refused wherever it is
// saved: registration (the API, the wizard, adding a business), the profile
// editor and the program editor (docs/input-handling.md).

afterAll(() => db.$disconnect());

const HOSTILE = "Action required: log in at https://evil.test";

function businessPayload(email: string, name: string) {
  return {
    email,
    password: "correct horse battery",
    metadata: { first_name: "Marta", last_name: "Puig" },
    business: { name },
    tap_id: null,
    business_profile: {
      keywords: ["Bakery"],
      phone: "+34 930 111 222",
      address: "Carrer Gran 1, Barcelona",
      settings: { language: "en", timezone: "Europe/Madrid" },
    },
  };
}

const program = (rewardName: string) => ({
  businessId: "b-1",
  type: "stamps",
  name: "Coffee card",
  description: "",
  startDate: "",
  endDate: "",
  rules: { stampsRequired: 3 },
  rewardName,
  rewardDescription: "",
  rewardExpiryDays: 30,
});

const messagesOf = (result: { success: boolean; error?: { issues: { message: string }[] } }) =>
  result.success ? [] : result.error!.issues.map((i) => i.message);

describe("names that would carry a link into a mail subject", () => {
  it("registering a business with a URL in its name is refused with the catalog's message, and nothing is created", async () => {
    for (const name of [HOSTILE, "evil.test", "Bakery @ evil"]) {
      const email = uniqueEmail("owner");
      const res = await call(register, "POST", "/api/auth/register", { body: businessPayload(email, name) });
      expect(res.status).toBe(400);
      expect(JSON.stringify(res.json)).toContain(text("en", NAME_WITH_LINK_MESSAGE));
      expect(await db.user.count({ where: { email } })).toBe(0);
    }
    const email = uniqueEmail("owner");
    const ok = await call(register, "POST", "/api/auth/register", { body: businessPayload(email, "Mr. Bean's Café") });
    expect(ok.status).toBe(201);
    expect(await db.business.findFirstOrThrow({ where: { owner: { email } } })).toMatchObject({
      name: "Mr. Bean's Café",
    });
  });

  it("the wizard's and the profile editor's business name, and the program editor's reward name", () => {
    expect(messagesOf(signedInWizardSchema.shape.businessName.safeParse(HOSTILE))).toEqual([NAME_WITH_LINK_MESSAGE]);
    expect(signedInWizardSchema.shape.businessName.safeParse("Café Central").success).toBe(true);

    expect(messagesOf(businessProfileUpdateSchema.safeParse(profileForm({ name: "shop@evil.test" })))).toEqual([
      NAME_WITH_LINK_MESSAGE,
    ]);
    expect(businessProfileUpdateSchema.safeParse(profileForm({ name: "Café Central" })).success).toBe(true);

    expect(messagesOf(programInputSchema.safeParse(program(HOSTILE)))).toEqual([NAME_WITH_LINK_MESSAGE]);
    expect(messagesOf(programInputSchema.safeParse(program("Free coffee at www.evil")))).toEqual([
      NAME_WITH_LINK_MESSAGE,
    ]);
    expect(programInputSchema.safeParse(program("2x1 coffee")).success).toBe(true);
  });
});
