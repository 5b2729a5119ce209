import { db } from "@/lib/db";
import { updateBusinessProfile } from "@/lib/business/update-profile";
import { setProgramActive } from "@/lib/business/programs";
import { getBoss } from "@/lib/jobs/boss";
import { HANDLERS } from "@/lib/jobs/handlers";
import type { BusinessProfileUpdateInput } from "@/lib/validation/business-profile";
import { forgetAccessTokens } from "@/lib/wallet/google/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";
import { testGoogleIssuer, type GoogleWalletService } from "../support/google-wallet-service";

// An owner renames the business, changes its logo or colours, or pauses a
// program: every card of the business in a customer's wallet must follow.
// Edits within 30 seconds share one wallet.business-changed job, which patches
// Google's loyalty class and queues the usual update for each card in a wallet.

const ISSUER = "3388000000022200004";
const issuer = testGoogleIssuer(ISSUER, "wallet@loyaltap-business.iam.gserviceaccount.com");
const saved = { ...process.env };
let service: GoogleWalletService;

const googleEnv = () => issuer.env(service);

beforeAll(async () => {
  service = await issuer.start();
  await getBoss();
});
beforeEach(() => {
  forgetAccessTokens();
  Object.assign(process.env, googleEnv());
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  await service.close();
  await db.$disconnect();
});

const job = { id: "test-job", retryCount: 0 };

function edit(name: string, primaryColor: string): BusinessProfileUpdateInput {
  return {
    name,
    logoUrl: "https://cdn.example.com/logo.png",
    description: "",
    keywords: ["Cafe"],
    website: "",
    phone: "",
    address: "",
    socialLinks: [],
    theme: {
      primaryColor,
      secondaryColor: "",
      accentColor: "",
      backgroundColor: "",
      textColor: "",
      descriptionColor: "",
      placeholderIcon: "coffee",
    },
    dailyTapLimit: 3,
    timezone: "Europe/Madrid",
  };
}

/** A business with two members: one with their card in Google Wallet (on Google already), one without. */
async function businessWithCards() {
  const place = await createBusiness({ programs: [stampsProgram(10)] });
  const carded = await createUser({ name: "Ada Lovelace" });
  const plain = await createUser({ name: "Alan Turing" });
  const cardedMembership = await db.membership.create({
    data: { userId: carded.user.id, businessId: place.business.id },
  });
  const plainMembership = await db.membership.create({
    data: { userId: plain.user.id, businessId: place.business.id },
  });
  await db.googleWalletObject.create({
    data: { membershipId: cardedMembership.id, objectId: `${ISSUER}.${cardedMembership.id}` },
  });
  // The card as Google has it: the class and the object, put there by a first update.
  await HANDLERS["wallet.google-update"]!({ membershipId: cardedMembership.id, version: 0 }, job);
  expect(service.classes.get(`${ISSUER}.${place.business.id}`)).toMatchObject({ programName: place.business.name });
  return { ...place, cardedMembership, plainMembership };
}

describe("a change of the business reaches the cards in customers' wallets", () => {
  it("edits within one window queue one job; it patches the class and updates each card in a wallet once", async () => {
    const setup = await businessWithCards();
    const { business, owner } = setup;
    // Both edits inside one window: not in its last two seconds.
    const intoWindow = Date.now() % 30_000;
    if (intoWindow > 28_000) await new Promise((resolve) => setTimeout(resolve, 30_050 - intoWindow));
    expect(await updateBusinessProfile(owner.user.id, business.id, edit("Café Nou", "#0F766E"))).not.toBeNull();
    expect(await updateBusinessProfile(owner.user.id, business.id, edit("Café Nou i Bo", "#0F766E"))).not.toBeNull();

    const changed = await jobsWhere(["wallet.business-changed"], "businessId", [business.id]);
    expect(changed).toHaveLength(1);
    const startAfter = await db.$queryRaw<{ start_after: Date }[]>`
      SELECT start_after FROM jobs.job WHERE id = ${changed[0]!.id}::uuid`;
    // It waits for the window to close, so it reads the last edit of the window.
    expect(startAfter[0]!.start_after.getTime()).toBeGreaterThan(Date.now());
    expect(startAfter[0]!.start_after.getTime()).toBeLessThanOrEqual(Date.now() + 30_000);

    await HANDLERS["wallet.business-changed"]!(changed[0]!.data, job);
    expect(service.classes.get(`${ISSUER}.${business.id}`)).toMatchObject({
      programName: "Café Nou i Bo",
      hexBackgroundColor: "#0f766e",
    });
    const updates = await jobsWhere(["wallet.google-update"], "membershipId", [
      setup.cardedMembership.id,
      setup.plainMembership.id,
    ]);
    expect(updates.map((update) => update.data)).toEqual([{ membershipId: setup.cardedMembership.id, version: 1 }]);
  });

  it("pausing the business's program queues the refresh too", async () => {
    const setup = await businessWithCards();
    const program = await db.program.findFirstOrThrow({ where: { businessId: setup.business.id } });
    expect(await setProgramActive(setup.owner.user.id, program.id, false)).toMatchObject({ ok: true });
    expect(await jobsWhere(["wallet.business-changed"], "businessId", [setup.business.id])).toHaveLength(1);
  });

  it("without any wallet configured, an edit queues nothing", async () => {
    for (const name of Object.keys(googleEnv())) delete process.env[name];
    const place = await createBusiness();
    expect(
      await updateBusinessProfile(place.owner.user.id, place.business.id, edit("Quiet", "#123456")),
    ).not.toBeNull();
    expect(await jobsWhere(["wallet.business-changed"], "businessId", [place.business.id])).toEqual([]);
  });
});
