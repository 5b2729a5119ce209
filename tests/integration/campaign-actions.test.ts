import { getCurrentUser } from "@/lib/auth/current-user";
import {
  cancelCampaignAction,
  previewCampaignAction,
  saveCampaignAction,
  scheduleCampaignAction,
  sendTestAction,
} from "@/lib/actions/campaigns";
import { saveOutreachSettingsAction, setMarketingConsentAction } from "@/lib/actions/outreach";
import { EVERY_MEMBER } from "@/lib/campaigns/segment";
import { db } from "@/lib/db";
import { findActiveUserById, type AppUser } from "@/lib/db/users";
import { createBusiness, createUser } from "../support/fixtures";

// The owner's campaign actions and the customer's switch on the real database:
// only the owner may touch a campaign (a staff member gets the same not-found
// as a stranger, and nothing changes); bad input is a clear message, never a change.

jest.mock("@/lib/auth/current-user", () => ({
  ...jest.requireActual("@/lib/auth/current-user"),
  getCurrentUser: jest.fn(),
}));
jest.mock("next-intl/server", () => jest.requireActual("@/tests/support/catalog").englishServerIntl());

afterAll(() => db.$disconnect());

const asViewer = (user: AppUser | null) => jest.mocked(getCurrentUser).mockResolvedValue(user);
const appUser = async (id: string) => (await findActiveUserById(id))!;

function draft(businessId: string, more: object = {}) {
  return {
    businessId,
    name: "Come back",
    message: "We miss you! A coffee is on us this week.",
    segment: EVERY_MEMBER,
    offer: null,
    holdoutPercent: 10,
    ...more,
  };
}

async function ownerWithStaff() {
  const { owner, business } = await createBusiness();
  const { user: staffRow } = await createUser();
  await db.businessStaff.create({ data: { businessId: business.id, userId: staffRow.id } });
  return { business, owner: await appUser(owner.user.id), staff: await appUser(staffRow.id) };
}

describe("campaign actions", () => {
  it("let the owner save, preview, test, schedule and cancel a campaign", async () => {
    const { business, owner } = await ownerWithStaff();
    asViewer(owner);
    const saved = await saveCampaignAction({ campaignId: null, campaign: draft(business.id) });
    expect(saved).toEqual({ ok: true, id: expect.any(String) });
    const id = (saved as { id: string }).id;
    const preview = await previewCampaignAction({ businessId: business.id, message: "Hello there" });
    expect(preview).toMatchObject({ ok: true, preview: { push: { body: expect.stringContaining("Hello there") } } });
    expect(await sendTestAction({ businessId: business.id, campaignId: id })).toMatchObject({ ok: true });
    expect(await scheduleCampaignAction({ businessId: business.id, campaignId: id, at: "2099-01-02T10:30" })).toEqual({
      ok: true,
      at: "2099-01-02T09:30:00.000Z",
    }); // 10:30 on the business's clock, Madrid in winter
    expect(await cancelCampaignAction({ businessId: business.id, campaignId: id })).toEqual({ ok: true });
    expect((await db.campaign.findUniqueOrThrow({ where: { id } })).status).toBe("CANCELLED");
  });

  it("answer a staff member with not-found on every action, and change nothing", async () => {
    const { business, owner, staff } = await ownerWithStaff();
    asViewer(owner);
    const { id } = (await saveCampaignAction({ campaignId: null, campaign: draft(business.id) })) as { id: string };
    asViewer(staff);
    const notFound = { ok: false, error: "This campaign does not exist." };
    const ref = { businessId: business.id, campaignId: id };
    expect(await saveCampaignAction({ campaignId: null, campaign: draft(business.id) })).toEqual(notFound);
    expect(await saveCampaignAction({ campaignId: id, campaign: draft(business.id, { message: "Hijacked" }) })).toEqual(
      notFound,
    );
    expect(await previewCampaignAction({ businessId: business.id, message: "x" })).toEqual(notFound);
    expect(await sendTestAction(ref)).toEqual(notFound);
    expect(await scheduleCampaignAction({ ...ref, at: null })).toEqual(notFound);
    expect(await cancelCampaignAction(ref)).toEqual(notFound);
    expect(
      await saveOutreachSettingsAction({
        businessId: business.id,
        capMessages: 3,
        capDays: 3,
        quietStart: "23:00",
        quietEnd: "07:00",
      }),
    ).toEqual(notFound);
    const row = await db.campaign.findUniqueOrThrow({ where: { id } });
    expect([row.status, row.message]).toEqual(["DRAFT", draft(business.id).message]);
    expect(await db.campaign.count({ where: { businessId: business.id } })).toBe(1);
    expect(await db.outreachSettings.count({ where: { businessId: business.id } })).toBe(0);
  });

  it("refuse a message over 240 characters, a time in the past and rules out of range with clear messages", async () => {
    const { business, owner } = await ownerWithStaff();
    asViewer(owner);
    const long = await saveCampaignAction({
      campaignId: null,
      campaign: draft(business.id, { message: "a".repeat(241) }),
    });
    expect(long).toMatchObject({
      ok: false,
      fieldErrors: { "campaign.message": "Keep the message to 240 characters." },
    });
    expect(await db.campaign.count({ where: { businessId: business.id } })).toBe(0);
    const { id } = (await saveCampaignAction({ campaignId: null, campaign: draft(business.id) })) as { id: string };
    expect(await scheduleCampaignAction({ businessId: business.id, campaignId: id, at: "2020-01-01T10:00" })).toEqual({
      ok: false,
      error: "Pick a time in the future.",
    });
    expect(
      await saveOutreachSettingsAction({
        businessId: business.id,
        capMessages: 4,
        capDays: 7,
        quietStart: "21:00",
        quietEnd: "09:00",
      }),
    ).toMatchObject({ ok: false, error: "From 1 to 3 messages per 3 to 30 days." });
    expect(
      await saveOutreachSettingsAction({
        businessId: business.id,
        capMessages: 2,
        capDays: 10,
        quietStart: "22:30",
        quietEnd: "08:00",
      }),
    ).toEqual({ ok: true });
    expect(await db.outreachSettings.findUniqueOrThrow({ where: { businessId: business.id } })).toMatchObject({
      capMessages: 2,
      capDays: 10,
      quietStartMinute: 22 * 60 + 30,
      quietEndMinute: 8 * 60,
    });
  });

  it("tell the owner in words when a saved audience cannot be read, and schedule nothing", async () => {
    const { business, owner } = await ownerWithStaff();
    asViewer(owner);
    const { id } = (await saveCampaignAction({ campaignId: null, campaign: draft(business.id) })) as { id: string };
    await db.campaign.update({ where: { id }, data: { segment: { lapsedDays: "soon" } } });
    expect(await scheduleCampaignAction({ businessId: business.id, campaignId: id, at: null })).toEqual({
      ok: false,
      error: "This campaign was not scheduled: who gets it could not be read. Choose “Who gets it” again and save.",
      code: "bad_segment",
    });
    expect(await db.campaign.findUniqueOrThrow({ where: { id } })).toMatchObject({ status: "DRAFT" });
  });

  it("let a customer turn offers and news on and off for one business", async () => {
    const { business } = await createBusiness();
    const { user } = await createUser();
    asViewer(await appUser(user.id));
    const where = { userId_businessId: { userId: user.id, businessId: business.id } };
    expect(await setMarketingConsentAction({ businessId: business.id, granted: true, source: "card" })).toEqual({
      ok: true,
      granted: true,
    });
    expect((await db.marketingConsent.findUniqueOrThrow({ where })).withdrawnAt).toBeNull();
    await setMarketingConsentAction({ businessId: business.id, granted: false, source: "settings" });
    expect((await db.marketingConsent.findUniqueOrThrow({ where })).withdrawnAt).not.toBeNull();
    asViewer(null);
    expect(await setMarketingConsentAction({ businessId: business.id, granted: true, source: "card" })).toMatchObject({
      ok: false,
    });
    expect((await db.marketingConsent.findUniqueOrThrow({ where })).withdrawnAt).not.toBeNull();
  });
});
