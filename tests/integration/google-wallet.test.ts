import { decodeJwt, jwtVerify } from "jose";
import { GET as saveToGoogleWallet } from "@/app/api/wallet/google/save/route";
import { db } from "@/lib/db";
import { adjustProgress } from "@/lib/customers/adjust-progress";
import { redeemReward, undoRedemption } from "@/lib/rewards/redeem";
import { deleteAccount } from "@/lib/users/delete-account";
import { recordVisit } from "@/lib/tap/record-visit";
import { getBoss } from "@/lib/jobs/boss";
import { prismaExecutor } from "@/lib/jobs/enqueue";
import { walletPassesVoided } from "@/lib/jobs/events";
import { HANDLERS } from "@/lib/jobs/handlers";
import { forgetAccessTokens } from "@/lib/wallet/google/api";
import { call } from "../support/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { whileJobsRefused } from "../support/jobs";
import {
  serviceAccountKey,
  startGoogleWalletService,
  type GoogleWalletService,
} from "../support/google-wallet-service";

// Google Wallet on the real database and job queue, against the stand-in for
// Google on loopback: the save link, the update a change of the card queues
// (only for a card the customer added, only when Google Wallet is configured)
// and the deactivation account and business deletion queue.

const ISSUER = "3388000000022200002";
const EMAIL = "wallet@loyaltap-it.iam.gserviceaccount.com";
const key = serviceAccountKey();
const saved = { ...process.env };
let service: GoogleWalletService;

beforeAll(async () => {
  service = await startGoogleWalletService({ email: EMAIL, publicKey: key.publicKey });
  // The queue's tables, which the tests read, exist once the queue has started.
  await getBoss();
});
beforeEach(() => {
  forgetAccessTokens();
  Object.assign(process.env, {
    GOOGLE_WALLET_ISSUER_ID: ISSUER,
    GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL: EMAIL,
    GOOGLE_WALLET_PRIVATE_KEY: key.privateKeyPem,
    GOOGLE_WALLET_API_URL: service.apiUrl,
    GOOGLE_WALLET_TOKEN_URL: service.tokenUrl,
  });
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  await service.close();
  await db.$disconnect();
});

// Visits on recent days (a reward earned then is still valid today, when the card is read).
const day = (n: number) => new Date(Date.now() - (10 - n) * 86_400_000);

type QueuedJob = { id: string; data: Record<string, unknown> };

/** The update jobs queued for a membership, taken off the queue (this file runs them itself). */
async function takeUpdateJobs(membershipId: string): Promise<QueuedJob[]> {
  return db.$queryRaw<QueuedJob[]>`
    DELETE FROM jobs.job WHERE name = 'wallet.google-update' AND data->>'membershipId' = ${membershipId}
    RETURNING id::text, data`;
}

async function takeVoidJobs(objectId: string): Promise<QueuedJob[]> {
  return db.$queryRaw<QueuedJob[]>`
    DELETE FROM jobs.job WHERE name = 'wallet.google-void' AND data->'objectIds' @> jsonb_build_array(${objectId}::text)
    RETURNING id::text, data`;
}

const job = { id: "test-job", retryCount: 0 };
const runUpdates = async (jobs: QueuedJob[]) => {
  for (const queued of jobs) await HANDLERS["wallet.google-update"]!(queued.data, job);
};

/** A business with a 10-stamp card, and a customer with one visit there (their membership). */
async function member(setup?: Awaited<ReturnType<typeof createBusiness>>) {
  const place = setup ?? (await createBusiness({ dailyTapLimit: 5, programs: [stampsProgram(10)] }));
  const customer = await createUser({ firstName: "Ada", lastName: "Lovelace", name: "Ada Lovelace" });
  const tap = (now: Date) =>
    recordVisit({ userId: customer.user.id, businessId: place.business.id, tagId: place.tag.id, source: "TAG", now });
  const first = await tap(day(1));
  if (!first.ok) throw new Error(`visit refused: ${first.reason}`);
  const membership = await db.membership.findUniqueOrThrow({
    where: { userId_businessId: { userId: customer.user.id, businessId: place.business.id } },
  });
  return { ...place, customer, membership, tap, objectId: `${ISSUER}.${membership.id}` };
}

/** The customer presses "Add to Google Wallet" and finishes on Google's page. */
async function addToGoogleWallet(who: Awaited<ReturnType<typeof member>>) {
  const answer = await call(saveToGoogleWallet, "GET", "/api/wallet/google/save", {
    query: { membership: who.membership.id },
    bearer: who.customer.bearer,
  });
  expect(answer.status).toBe(303);
  const jwt = answer.headers.get("location")!.slice("https://pay.google.com/gp/v/save/".length);
  service.save(jwt);
  return jwt;
}

describe("GET /api/wallet/google/save", () => {
  test("sends the membership's own customer to Google's save page with their card, signed by the service account", async () => {
    const who = await member();
    const answer = await call(saveToGoogleWallet, "GET", "/api/wallet/google/save", {
      query: { membership: who.membership.id },
      bearer: who.customer.bearer,
    });
    expect(answer.status).toBe(303);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    const location = answer.headers.get("location")!;
    expect(location).toMatch(/^https:\/\/pay\.google\.com\/gp\/v\/save\/[\w-]+\.[\w-]+\.[\w-]+$/);
    const jwt = location.slice("https://pay.google.com/gp/v/save/".length);
    const { payload } = await jwtVerify(jwt, key.publicKey, { issuer: EMAIL, audience: "google" });
    expect(payload).toMatchObject({ typ: "savetowallet", origins: ["http://localhost:3000"] });
    const card = payload.payload as { loyaltyClasses: { id: string }[]; loyaltyObjects: Record<string, unknown>[] };
    expect(card.loyaltyClasses[0]!.id).toBe(`${ISSUER}.${who.business.id}`);
    expect(card.loyaltyObjects[0]).toMatchObject({
      id: who.objectId,
      classId: `${ISSUER}.${who.business.id}`,
      state: "ACTIVE",
      accountName: "Ada Lovelace",
      loyaltyPoints: { label: "Stamps", balance: { string: "1/10" } },
      barcode: { type: "QR_CODE", value: `http://localhost:3000/qr/${who.customer.user.id}` },
    });
    expect(await db.googleWalletObject.findUnique({ where: { membershipId: who.membership.id } })).toMatchObject({
      objectId: who.objectId,
      state: "ACTIVE",
    });
  });

  test("the card is written in the customer's language", async () => {
    const place = await createBusiness({ dailyTapLimit: 5, programs: [stampsProgram(10)] });
    const who = await member(place);
    await db.user.update({ where: { id: who.customer.user.id }, data: { language: "ca" } });
    const jwt = await addToGoogleWallet(who);
    const card = decodeJwt(jwt).payload as { loyaltyObjects: { loyaltyPoints: { label: string } }[] };
    expect(card.loyaltyObjects[0]!.loyaltyPoints.label).toBe("Segells");
  });

  test("a visitor is refused; someone else's membership or a bad id is not found, and nothing is written", async () => {
    const who = await member();
    const stranger = await createUser();
    const visitor = await call(saveToGoogleWallet, "GET", "/api/wallet/google/save", {
      query: { membership: who.membership.id },
    });
    expect(visitor.status).toBe(401);
    for (const membership of [who.membership.id, "no-such-membership", "x\u0000y", ""]) {
      const answer = await call(saveToGoogleWallet, "GET", "/api/wallet/google/save", {
        query: { membership },
        bearer: stranger.bearer,
      });
      expect(answer.status).toBe(404);
      expect(answer.json).toEqual({ status: "error", message: "Card not found" });
    }
    expect(await db.googleWalletObject.count({ where: { membershipId: who.membership.id } })).toBe(0);
  });

  test("the tap result names the business: the customer's own membership there is the card", async () => {
    const who = await member();
    const answer = await call(saveToGoogleWallet, "GET", "/api/wallet/google/save", {
      query: { business: who.business.id },
      bearer: who.customer.bearer,
    });
    expect(answer.status).toBe(303);
    const jwt = answer.headers.get("location")!.slice("https://pay.google.com/gp/v/save/".length);
    const card = decodeJwt(jwt).payload as { loyaltyObjects: { id: string }[] };
    expect(card.loyaltyObjects[0]!.id).toBe(who.objectId);
    const stranger = await createUser();
    const refused = await call(saveToGoogleWallet, "GET", "/api/wallet/google/save", {
      query: { business: who.business.id },
      bearer: stranger.bearer,
    });
    expect(refused.status).toBe(404);
    expect(await db.googleWalletObject.count({ where: { membership: { userId: stranger.user.id } } })).toBe(0);
  });

  test("not configured: 404, nothing written", async () => {
    const who = await member();
    delete process.env.GOOGLE_WALLET_ISSUER_ID;
    delete process.env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL;
    delete process.env.GOOGLE_WALLET_PRIVATE_KEY;
    const answer = await call(saveToGoogleWallet, "GET", "/api/wallet/google/save", {
      query: { membership: who.membership.id },
      bearer: who.customer.bearer,
    });
    expect(answer.status).toBe(404);
    expect(answer.json.message).toBe("Google Wallet is not available.");
    expect(await db.googleWalletObject.count({ where: { membershipId: who.membership.id } })).toBe(0);
  });
});

describe("updates", () => {
  test("a tap on a saved membership queues one update, which patches the card once; an unrelated membership gets none", async () => {
    const place = await createBusiness({ dailyTapLimit: 5, programs: [stampsProgram(10)] });
    const ada = await member(place);
    const other = await member(place);
    await addToGoogleWallet(ada);
    await addToGoogleWallet(other);
    // Taps before the save queued nothing: there was no card to update.
    expect(await takeUpdateJobs(ada.membership.id)).toEqual([]);

    const second = await ada.tap(day(2));
    expect(second.ok).toBe(true);
    const jobs = await takeUpdateJobs(ada.membership.id);
    expect(jobs).toHaveLength(1);
    await runUpdates(jobs);
    expect(service.patchesOf(ada.objectId)).toHaveLength(1);
    expect(service.patchesOf(ada.objectId)[0]).toMatchObject({
      id: ada.objectId,
      loyaltyPoints: { label: "Stamps", balance: { string: "2/10" } },
      secondaryLoyaltyPoints: { balance: { int: 0 } },
    });
    expect(service.objects.get(ada.objectId)).toMatchObject({ loyaltyPoints: { balance: { string: "2/10" } } });
    expect(await takeUpdateJobs(other.membership.id)).toEqual([]);
    expect(service.patchesOf(other.objectId)).toHaveLength(0);
    const row = await db.googleWalletObject.findUniqueOrThrow({ where: { membershipId: ada.membership.id } });
    expect(row.lastPatchedAt).not.toBeNull();

    // The job run again (a worker died after Google took it) patches the same content again: harmless.
    await runUpdates(jobs);
    expect(service.patchesOf(ada.objectId)).toHaveLength(2);
    expect(service.patchesOf(ada.objectId)[1]).toEqual(service.patchesOf(ada.objectId)[0]);
  });

  test("redemption, its undo and an owner's adjustment each queue one update; an older job gives way to a newer", async () => {
    const place = await createBusiness({ dailyTapLimit: 5, programs: [stampsProgram(2)] });
    const ada = await member(place);
    await addToGoogleWallet(ada);
    const filled = await ada.tap(day(2));
    if (!filled.ok) throw new Error("visit refused");
    const rewardId = filled.rewards[0]!.id;
    const afterTap = await takeUpdateJobs(ada.membership.id);
    expect(afterTap).toHaveLength(1);

    const redeemed = await redeemReward(place.owner.user.id, { rewardId }, day(2));
    expect(redeemed.ok).toBe(true);
    const afterRedeem = await takeUpdateJobs(ada.membership.id);
    expect(afterRedeem).toHaveLength(1);
    expect(await undoRedemption(place.owner.user.id, rewardId, day(2))).toBe(true);
    const afterUndo = await takeUpdateJobs(ada.membership.id);
    expect(afterUndo).toHaveLength(1);
    const program = await db.program.findFirstOrThrow({ where: { businessId: place.business.id } });
    const adjusted = await adjustProgress(place.owner.user.id, {
      businessId: place.business.id,
      customerId: ada.customer.user.id,
      programId: program.id,
      delta: 1,
      reason: "Stamp forgotten",
    });
    expect(adjusted.ok).toBe(true);
    const afterAdjust = await takeUpdateJobs(ada.membership.id);
    expect(afterAdjust).toHaveLength(1);

    // A redemption whose update cannot be queued is not kept either: they share one transaction.
    const refused = await whileJobsRefused(`NEW.data->>'membershipId' = '${ada.membership.id}'`, () =>
      redeemReward(place.owner.user.id, { rewardId }, day(2)).then(String, (error: Error) => error.message),
    );
    expect(refused).toMatch(/refused/);
    expect(await db.reward.findUniqueOrThrow({ where: { id: rewardId } })).toMatchObject({ status: "AVAILABLE" });

    // Each carries the change's own number, newest last.
    const versions = [afterTap, afterRedeem, afterUndo, afterAdjust].map((jobs) => jobs[0]!.data.version as number);
    expect(versions).toEqual([...versions].sort((a, b) => a - b));
    expect(new Set(versions).size).toBe(4);
    // Run oldest first: only the newest patches (the older ones know a newer is queued).
    const before = service.patchesOf(ada.objectId).length;
    await runUpdates([...afterTap, ...afterRedeem, ...afterUndo, ...afterAdjust]);
    expect(service.patchesOf(ada.objectId).length - before).toBe(1);
    // The card shows the reward ready again (undone) and the adjusted stamp.
    expect(service.objects.get(ada.objectId)).toMatchObject({
      loyaltyPoints: { balance: { string: "1/2" } },
      secondaryLoyaltyPoints: { label: "Rewards ready", balance: { int: 1 } },
    });
  });

  test("not configured: a tap on a saved membership queues nothing", async () => {
    const ada = await member();
    await addToGoogleWallet(ada);
    delete process.env.GOOGLE_WALLET_ISSUER_ID;
    delete process.env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL;
    delete process.env.GOOGLE_WALLET_PRIVATE_KEY;
    expect((await ada.tap(day(2))).ok).toBe(true);
    expect(await takeUpdateJobs(ada.membership.id)).toEqual([]);
  });

  test("a membership whose customer never finished saving is inserted at Google by the update", async () => {
    const ada = await member();
    await call(saveToGoogleWallet, "GET", "/api/wallet/google/save", {
      query: { membership: ada.membership.id },
      bearer: ada.customer.bearer,
    });
    expect(service.objects.has(ada.objectId)).toBe(false);
    await ada.tap(day(2));
    await runUpdates(await takeUpdateJobs(ada.membership.id));
    expect(service.objects.get(ada.objectId)).toMatchObject({ loyaltyPoints: { balance: { string: "2/10" } } });
  });
});

describe("deactivation", () => {
  test("deleting the account makes its Google Wallet cards INACTIVE", async () => {
    const ada = await member();
    await addToGoogleWallet(ada);
    expect(await deleteAccount(ada.customer.user.id)).toEqual({ ok: true });
    expect(await db.googleWalletObject.count({ where: { membershipId: ada.membership.id } })).toBe(0);
    const jobs = await takeVoidJobs(ada.objectId);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toEqual({ objectIds: [ada.objectId] });
    await HANDLERS["wallet.google-void"]!(jobs[0]!.data, job);
    expect(service.patchesOf(ada.objectId).at(-1)).toEqual({ state: "INACTIVE" });
    expect(service.objects.get(ada.objectId)).toMatchObject({ state: "INACTIVE" });
    // Run again: the same state, no error.
    await HANDLERS["wallet.google-void"]!(jobs[0]!.data, job);
    expect(service.objects.get(ada.objectId)).toMatchObject({ state: "INACTIVE" });
  });

  test("an account whose cards' deactivation cannot be queued is not deleted: both or neither", async () => {
    const ada = await member();
    await addToGoogleWallet(ada);
    const refused = await whileJobsRefused(
      `NEW.name = 'wallet.google-void' AND NEW.data::text LIKE '%${ada.objectId}%'`,
      () => deleteAccount(ada.customer.user.id).then(String, (error: Error) => error.message),
    );
    expect(refused).toMatch(/refused/);
    expect(await db.user.count({ where: { id: ada.customer.user.id } })).toBe(1);
    expect(await db.googleWalletObject.count({ where: { membershipId: ada.membership.id } })).toBe(1);
    // Once the queue takes the job, the deletion goes through with it.
    expect(await deleteAccount(ada.customer.user.id)).toEqual({ ok: true });
    expect(await takeVoidJobs(ada.objectId)).toHaveLength(1);
  });

  test("deleting a business voids every saved card of its members, in the deleting transaction", async () => {
    const place = await createBusiness({ dailyTapLimit: 5, programs: [stampsProgram(10)] });
    const ada = await member(place);
    const bob = await member(place);
    const notSaved = await member(place);
    await addToGoogleWallet(ada);
    await addToGoogleWallet(bob);
    await db.$transaction(async (tx) => {
      await walletPassesVoided(prismaExecutor(tx), { businessId: place.business.id });
      await tx.business.delete({ where: { id: place.business.id } });
    });
    const jobs = await takeVoidJobs(ada.objectId);
    expect(jobs).toHaveLength(1);
    expect((jobs[0]!.data.objectIds as string[]).sort()).toEqual([ada.objectId, bob.objectId].sort());
    expect(jobs[0]!.data.objectIds).not.toContain(notSaved.objectId);
    await HANDLERS["wallet.google-void"]!(jobs[0]!.data, job);
    for (const who of [ada, bob]) expect(service.objects.get(who.objectId)).toMatchObject({ state: "INACTIVE" });
  });

  test("not configured: deleting the account queues nothing", async () => {
    const ada = await member();
    await addToGoogleWallet(ada);
    delete process.env.GOOGLE_WALLET_PRIVATE_KEY;
    delete process.env.GOOGLE_WALLET_ISSUER_ID;
    delete process.env.GOOGLE_WALLET_SERVICE_ACCOUNT_EMAIL;
    expect(await deleteAccount(ada.customer.user.id)).toEqual({ ok: true });
    expect(await takeVoidJobs(ada.objectId)).toEqual([]);
  });
});
