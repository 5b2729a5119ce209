import { GET as saveToGoogleWallet } from "@/app/api/wallet/google/save/route";
import { db } from "@/lib/db";
import { recordVisit } from "@/lib/tap/record-visit";
import { getBoss } from "@/lib/jobs/boss";
import { HANDLERS } from "@/lib/jobs/handlers";
import { closeApnsSender } from "@/lib/wallet/apple/apns";
import { forgetAccessTokens } from "@/lib/wallet/google/api";
import { call } from "../support/api";
import { appleTestCredentials, TEST_APNS_KEY_ID, TEST_TEAM_ID } from "../support/apple-wallet-certs";
import { appleDevice, downloadPass, fetchPass, passJsonOf } from "../support/apple-wallet-device";
import { startApnsServer, type ApnsServer } from "../support/apns-server";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { testGoogleIssuer, type GoogleWalletService } from "../support/google-wallet-service";

// Both wallets at once, as an operator who configured both runs them: a
// customer keeps their card in Apple Wallet (on a phone that registered for
// updates) and in Google Wallet. One tap queues one job per wallet; run, they
// make exactly one push on the APNs stand-in and one PATCH on Google's, and the
// phone then fetches a pass with the new stamp count. Without either wallet
// configured, the same tap queues no wallet job at all.

const ISSUER = "3388000000022200005";
const issuer = testGoogleIssuer(ISSUER, "wallet@loyaltap-both.iam.gserviceaccount.com");
const credentials = appleTestCredentials();
const saved = { ...process.env };
let google: GoogleWalletService;
let apns: ApnsServer;

const bothWallets = () => ({
  ...credentials.env(apns.url),
  ...issuer.env(google),
});

beforeAll(async () => {
  google = await issuer.start();
  apns = await startApnsServer({ apnsKeyPem: credentials.apnsKeyPem, keyId: TEST_APNS_KEY_ID, teamId: TEST_TEAM_ID });
  await getBoss();
});
beforeEach(() => {
  forgetAccessTokens();
  Object.assign(process.env, bothWallets());
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  await closeApnsSender();
  await apns.close();
  await google.close();
  await db.$disconnect();
});

const WALLET_QUEUES = ["wallet.apple-update", "wallet.google-update", "wallet.apple-void", "wallet.google-void"];
const day = (n: number) => new Date(Date.now() - (10 - n) * 86_400_000);

/** The wallet jobs queued for this membership or pass, taken off the queue to be run here. */
async function takeWalletJobs(membershipId: string, passId: string | null) {
  return db.$queryRaw<{ id: string; name: string; data: Record<string, unknown> }[]>`
    DELETE FROM jobs.job WHERE name = ANY(${WALLET_QUEUES}::text[])
      AND (data->>'membershipId' = ${membershipId} OR data->>'passId' = ${passId})
    RETURNING id::text, name, data`;
}

async function customerWithCards() {
  const place = await createBusiness({ dailyTapLimit: 9, programs: [stampsProgram(10)] });
  const customer = await createUser({ name: "Ada Lovelace" });
  const tap = (n: number) =>
    recordVisit({
      userId: customer.user.id,
      businessId: place.business.id,
      tagId: place.tag.id,
      source: "TAG",
      now: day(n),
    });
  expect(await tap(1)).toMatchObject({ ok: true });
  const membership = await db.membership.findUniqueOrThrow({
    where: { userId_businessId: { userId: customer.user.id, businessId: place.business.id } },
  });
  // Apple Wallet: the pass downloaded, and a phone registered for its updates.
  const pass = await downloadPass(membership.id, customer.bearer);
  const phone = appleDevice();
  expect((await phone.register(pass)).status).toBe(201);
  const passId = (await db.applePass.findUniqueOrThrow({ where: { serialNumber: pass.serialNumber } })).id;
  // Google Wallet: the save link followed, and the card saved on Google's page.
  const saveAnswer = await call(saveToGoogleWallet, "GET", "/api/wallet/google/save", {
    query: { membership: membership.id },
    bearer: customer.bearer,
  });
  expect(saveAnswer.status).toBe(303);
  google.save(saveAnswer.headers.get("location")!.split("/save/")[1]!);
  await takeWalletJobs(membership.id, passId);
  return { place, customer, membership, tap, pass, passId, phone };
}

describe("a tap with both wallets configured", () => {
  test("makes one push on the APNs stand-in and one PATCH on Google's, and the phone gets the new stamp count", async () => {
    const who = await customerWithCards();
    const objectId = `${ISSUER}.${who.membership.id}`;
    const patchesBefore = google.patchesOf(objectId).length;

    expect(await who.tap(2)).toMatchObject({ ok: true });
    const jobs = await takeWalletJobs(who.membership.id, who.passId);
    expect(jobs.map((job) => job.name).sort()).toEqual(["wallet.apple-update", "wallet.google-update"]);
    for (const job of jobs) await HANDLERS[job.name as "wallet.apple-update"]!(job.data, { id: job.id, retryCount: 0 });

    expect(apns.pushesTo(who.phone.pushToken)).toHaveLength(1);
    expect(google.patchesOf(objectId)).toHaveLength(patchesBefore + 1);
    expect(google.objects.get(objectId)?.loyaltyPoints).toMatchObject({ balance: { string: "2/10" } });
    const fetched = await fetchPass(who.pass);
    expect(fetched.status).toBe(200);
    expect(JSON.stringify(passJsonOf(fetched.body))).toContain("2/10");
  });

  test("with the wallets' settings removed, a tap of a customer whose cards are in both queues no wallet job", async () => {
    const who = await customerWithCards();
    for (const name of Object.keys(bothWallets())) delete process.env[name];
    expect(await who.tap(2)).toMatchObject({ ok: true });
    expect(await takeWalletJobs(who.membership.id, who.passId)).toEqual([]);
  });
});
