import { createPrivateKey, createPublicKey } from "node:crypto";
import { jwtVerify } from "jose";
import { db } from "@/lib/db";
import { deleteAccount } from "@/lib/users/delete-account";
import { sweepVoidedApplePasses } from "@/lib/db/sweeps";
import { recordVisit } from "@/lib/tap/record-visit";
import { jobIdFor, prismaExecutor, type SqlExecutor } from "@/lib/jobs/enqueue";
import { walletMembershipChanged, walletPassesVoided } from "@/lib/jobs/events";
import { HANDLERS } from "@/lib/jobs/handlers";
import { startWorker } from "@/lib/jobs/worker";
import { closeApnsSender } from "@/lib/wallet/apple/apns";
import { updateApplePass } from "@/lib/wallet/apple/deliver";
import { appleTestCredentials, TEST_APNS_KEY_ID, TEST_PASS_TYPE_ID, TEST_TEAM_ID } from "../support/apple-wallet-certs";
import { appleDevice, downloadPass, fetchPass, passJsonOf, type HeldPass } from "../support/apple-wallet-device";
import { startApnsServer, type ApnsServer } from "../support/apns-server";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";

// Apple Wallet updates end to end on the real database and job queue: a tap
// (or an account's deletion) queues its job in the tap's own statement, a
// worker of the real queue runs it, and the stand-in for APNs on loopback
// (HTTP/2, checking the provider token as APNs does) receives exactly one
// push per registered device. Then the device asks what changed and fetches
// the pass, as Wallet does after a push.

// The hourly reward-expiry sweep reads every business of the shared test
// database: here it is a no-op, so running its handler only runs the Apple
// Wallet cleanup it also calls.
jest.mock("@/lib/rewards/expiry-sweeps", () => ({
  ...jest.requireActual("@/lib/rewards/expiry-sweeps"),
  sweepRewardExpiry: jest.fn(async () => []),
}));

const credentials = appleTestCredentials();
const saved = { ...process.env };
let apns: ApnsServer;
let worker: { stop: () => Promise<void> };

beforeAll(async () => {
  apns = await startApnsServer({ apnsKeyPem: credentials.apnsKeyPem, keyId: TEST_APNS_KEY_ID, teamId: TEST_TEAM_ID });
  Object.assign(process.env, credentials.env(apns.url), { JOB_POLL_SECONDS: "1" });
  worker = await startWorker({
    "wallet.apple-update": HANDLERS["wallet.apple-update"]!,
    "wallet.apple-void": HANDLERS["wallet.apple-void"]!,
  });
});
beforeEach(() => {
  Object.assign(process.env, credentials.env(apns.url), { JOB_POLL_SECONDS: "1" });
});
afterAll(async () => {
  await worker.stop();
  await closeApnsSender();
  await apns.close();
  process.env = { ...saved };
  await db.$disconnect();
});

const day = (n: number) => new Date(Date.now() - (10 - n) * 86_400_000);
const QUEUES = ["wallet.apple-update", "wallet.apple-void"];

/** A customer with one visit at a 10-stamp business (or `place`), who added the card to Apple Wallet. */
async function holder(
  place?: Awaited<ReturnType<typeof createBusiness>>,
  customer?: Awaited<ReturnType<typeof createUser>>,
) {
  const at = place ?? (await createBusiness({ dailyTapLimit: 9, programs: [stampsProgram(10)] }));
  const who = customer ?? (await createUser({ firstName: "Ada", lastName: "Lovelace", name: "Ada Lovelace" }));
  const tap = async (n: number) => {
    const visit = await recordVisit({
      userId: who.user.id,
      businessId: at.business.id,
      tagId: at.tag.id,
      source: "TAG",
      now: day(n),
    });
    if (!visit.ok) throw new Error(`visit refused: ${visit.reason}`);
  };
  await tap(1);
  const membership = await db.membership.findUniqueOrThrow({
    where: { userId_businessId: { userId: who.user.id, businessId: at.business.id } },
  });
  const pass = await downloadPass(membership.id, who.bearer);
  const row = await db.applePass.findUniqueOrThrow({ where: { serialNumber: pass.serialNumber } });
  return { ...at, customer: who, membership, tap, pass, passId: row.id };
}

async function waitFor(condition: () => boolean | Promise<boolean>, ms = 15_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Waits until the jobs of these passes are done (any end state), so nothing more is coming. */
async function jobsDone(passIds: string[]): Promise<void> {
  await waitFor(async () => {
    const jobs = [...(await jobsWhere(["wallet.apple-update"], "passId", passIds)), ...(await jobsForVoided(passIds))];
    return jobs.length > 0 && jobs.every((job) => ["completed", "failed"].includes(job.state));
  });
}

async function jobsForVoided(passIds: string[]) {
  return db.$queryRaw<{ id: string; state: string; data: { passIds: string[] } }[]>`
    SELECT id::text, state::text, data FROM jobs.job
    WHERE name = 'wallet.apple-void' AND data->'passIds' ?| ${passIds}::text[]`;
}

const versionOf = async (pass: HeldPass) =>
  (await db.applePass.findUniqueOrThrow({ where: { serialNumber: pass.serialNumber } })).version;

describe("a change of the card", () => {
  test("a tap queues one update; every registered device is pushed exactly once, other passes' devices never", async () => {
    const place = await createBusiness({ dailyTapLimit: 9, programs: [stampsProgram(10)] });
    const ada = await holder(place);
    const bob = await holder(place);
    const phone = appleDevice();
    const watch = appleDevice();
    const bobsPhone = appleDevice();
    expect((await phone.register(ada.pass)).status).toBe(201);
    expect((await watch.register(ada.pass)).status).toBe(201);
    expect((await bobsPhone.register(bob.pass)).status).toBe(201);
    const before = await versionOf(ada.pass);

    await ada.tap(2);
    const version = await versionOf(ada.pass);
    expect(version).toBe(before + 1);
    const jobs = await jobsWhere(["wallet.apple-update"], "passId", [ada.passId]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data).toEqual({ passId: ada.passId, version });
    // The id enqueue() would give the same event: a change queued twice is one job.
    expect(jobs[0]!.id).toBe(jobIdFor("wallet.apple-update", `apple-update:${ada.passId}:${version}`));

    await waitFor(() => apns.pushesTo(phone.pushToken).length > 0 && apns.pushesTo(watch.pushToken).length > 0);
    await jobsDone([ada.passId]);
    expect(apns.pushesTo(phone.pushToken)).toHaveLength(1);
    expect(apns.pushesTo(watch.pushToken)).toHaveLength(1);
    expect(apns.pushesTo(bobsPhone.pushToken)).toHaveLength(0);
    expect(await jobsWhere(["wallet.apple-update"], "passId", [bob.passId])).toEqual([]);
    const [push] = apns.pushesTo(phone.pushToken);
    expect(push).toMatchObject({ topic: TEST_PASS_TYPE_ID, body: "{}" });
    // The provider token the stand-in accepted verifies with the public half of the APNs key.
    const jwt = String(push!.headers.authorization).replace(/^bearer /, "");
    const publicKey = createPublicKey(createPrivateKey(credentials.apnsKeyPem));
    await expect(jwtVerify(jwt, publicKey, { algorithms: ["ES256"], issuer: TEST_TEAM_ID })).resolves.toBeDefined();

    // What Wallet does next: ask what changed, fetch the pass, which now shows the second stamp.
    const changes = await phone.changes();
    expect(changes.json.serialNumbers).toEqual([ada.pass.serialNumber]);
    const fetched = await fetchPass(ada.pass);
    expect(fetched.status).toBe(200);
    expect(JSON.stringify(passJsonOf(fetched.body))).toContain("2/10");
  }, 30_000);

  test("an older update gives way to a newer one; a pass nobody registered is bumped but queues nothing", async () => {
    const ada = await holder();
    const lonely = await holder();
    const phone = appleDevice();
    await phone.register(ada.pass);
    await ada.tap(2);
    await ada.tap(3);
    const jobs = await jobsWhere(["wallet.apple-update"], "passId", [ada.passId]);
    expect(jobs.map((job) => job.data.version)).toEqual([1, 2]);
    expect(await updateApplePass({ passId: ada.passId, version: 1 })).toEqual({ skipped: "a newer change is queued" });
    expect(await updateApplePass({ passId: "no-such-pass", version: 1 })).toEqual({ skipped: "pass gone" });
    expect(await updateApplePass({ passId: ada.passId, version: -1 })).toEqual({ skipped: "malformed job data" });

    const before = await versionOf(lonely.pass);
    await lonely.tap(2);
    expect(await versionOf(lonely.pass)).toBe(before + 1);
    expect(await jobsWhere(["wallet.apple-update"], "passId", [lonely.passId])).toEqual([]);
    await jobsDone([ada.passId]);
  }, 30_000);

  test("a device APNs calls gone (410) loses every registration made with its token; the others are pushed", async () => {
    const ada = await holder();
    const other = await holder(undefined, ada.customer);
    const phone = appleDevice();
    const tablet = appleDevice();
    await phone.register(ada.pass);
    await phone.register(other.pass);
    await tablet.register(ada.pass);
    apns.answer(phone.pushToken, 410, "Unregistered");
    await ada.tap(2);
    await jobsDone([ada.passId]);
    expect(apns.answered.filter((a) => a.token === phone.pushToken).map((a) => a.status)).toEqual([410]);
    expect(apns.pushesTo(tablet.pushToken)).toHaveLength(1);
    expect(await db.appleDeviceRegistration.count({ where: { pushToken: phone.pushToken } })).toBe(0);
    expect(await db.appleDeviceRegistration.count({ where: { pushToken: tablet.pushToken } })).toBe(1);
    expect((await phone.changes()).status).toBe(204);
  }, 30_000);
});

describe("the tap's cost", () => {
  /** An executor on the database that records each statement it runs. */
  function recording(): { executor: SqlExecutor; statements: string[] } {
    const statements: string[] = [];
    return {
      statements,
      executor: {
        query: async <Row>(text: string, values: readonly unknown[] = []) => {
          statements.push(text);
          return db.$queryRawUnsafe<Row[]>(text, ...values);
        },
      },
    };
  }

  test("one statement with Apple Wallet on (pass or not, devices or not), none with it off", async () => {
    const ada = await holder();
    const phone = appleDevice();
    await phone.register(ada.pass);
    // A membership whose customer never downloaded its pass.
    const place = await createBusiness({ dailyTapLimit: 9, programs: [stampsProgram(10)] });
    const someone = await createUser();
    await recordVisit({ userId: someone.user.id, businessId: place.business.id, tagId: place.tag.id, source: "TAG" });
    const noPass = await db.membership.findUniqueOrThrow({
      where: { userId_businessId: { userId: someone.user.id, businessId: place.business.id } },
    });

    const registered = recording();
    await walletMembershipChanged(registered.executor, ada.membership.id);
    expect(registered.statements).toHaveLength(1);
    expect(await jobsWhere(["wallet.apple-update"], "passId", [ada.passId])).toHaveLength(1);

    const without = recording();
    await walletMembershipChanged(without.executor, noPass.id);
    expect(without.statements).toHaveLength(1);
    expect(await jobsWhere(QUEUES, "passId", [noPass.id])).toEqual([]);

    for (const name of Object.keys(credentials.env())) delete process.env[name];
    const off = recording();
    await walletMembershipChanged(off.executor, ada.membership.id);
    expect(off.statements).toEqual([]);
    await jobsDone([ada.passId]);
  }, 30_000);

  test("not configured: a tap queues no Apple job and leaves the pass as it was", async () => {
    const ada = await holder();
    const phone = appleDevice();
    await phone.register(ada.pass);
    const before = await db.applePass.findUniqueOrThrow({ where: { serialNumber: ada.pass.serialNumber } });
    for (const name of Object.keys(credentials.env())) delete process.env[name];
    await ada.tap(2);
    const after = await db.applePass.findUniqueOrThrow({ where: { serialNumber: ada.pass.serialNumber } });
    expect(after).toEqual(before);
    expect(await jobsWhere(QUEUES, "passId", [ada.passId])).toEqual([]);
  });
});

describe("voiding", () => {
  test("deleting the account voids its passes: each device is pushed once and then gets the voided pass", async () => {
    const customer = await createUser({ firstName: "Ada", lastName: "Lovelace", name: "Ada Lovelace" });
    const first = await holder(undefined, customer);
    const second = await holder(undefined, customer);
    const stranger = await holder();
    const phone = appleDevice();
    const watch = appleDevice();
    const strangersPhone = appleDevice();
    for (const pass of [first.pass, second.pass]) await phone.register(pass);
    await watch.register(first.pass);
    await strangersPhone.register(stranger.pass);

    expect(await deleteAccount(customer.user.id)).toEqual({ ok: true });
    const voided = await db.applePass.findMany({ where: { id: { in: [first.passId, second.passId] } } });
    expect(voided).toHaveLength(2);
    for (const pass of voided) expect(pass).toMatchObject({ membershipId: null, voidedAt: expect.any(Date) });
    const jobs = await jobsForVoided([first.passId]);
    expect(jobs).toHaveLength(1);
    expect(jobs[0]!.data.passIds.sort()).toEqual([first.passId, second.passId].sort());

    await jobsDone([first.passId, second.passId]);
    // One push per device, though the phone holds both passes.
    expect(apns.pushesTo(phone.pushToken)).toHaveLength(1);
    expect(apns.pushesTo(watch.pushToken)).toHaveLength(1);
    expect(apns.pushesTo(strangersPhone.pushToken)).toHaveLength(0);
    expect((await strangersPhone.changes()).json.serialNumbers).toEqual([stranger.pass.serialNumber]);

    // The device fetches it once more: the voided pass, with the business's name only.
    const fetched = await fetchPass(first.pass);
    expect(fetched.status).toBe(200);
    const json = passJsonOf(fetched.body);
    expect(json).toMatchObject({ serialNumber: first.pass.serialNumber, voided: true });
    expect(JSON.stringify(json)).not.toContain("Lovelace");
  }, 30_000);

  test("deleting a business voids its members' passes in the deleting transaction", async () => {
    const place = await createBusiness({ dailyTapLimit: 9, programs: [stampsProgram(10)] });
    const ada = await holder(place);
    const bob = await holder(place);
    const phone = appleDevice();
    await phone.register(ada.pass);
    await db.$transaction(async (tx) => {
      await walletPassesVoided(prismaExecutor(tx), { businessId: place.business.id });
      await tx.business.delete({ where: { id: place.business.id } });
    });
    expect(await db.applePass.count({ where: { id: { in: [ada.passId, bob.passId] }, voidedAt: { not: null } } })).toBe(
      2,
    );
    // Only the pass a device holds needs a push.
    const jobs = await jobsForVoided([ada.passId, bob.passId]);
    expect(jobs.map((job) => job.data.passIds)).toEqual([[ada.passId]]);
    await jobsDone([ada.passId]);
    expect(apns.pushesTo(phone.pushToken)).toHaveLength(1);
    expect(passJsonOf((await fetchPass(ada.pass)).body)).toMatchObject({ voided: true });
  }, 30_000);

  test("the hourly sweep removes passes voided over 30 days ago, with their registrations; the rest stay", async () => {
    const old = await holder();
    const recent = await holder();
    const live = await holder();
    const phone = appleDevice();
    for (const pass of [old.pass, recent.pass, live.pass]) await phone.register(pass);
    const daysAgo = (n: number) => new Date(Date.now() - n * 86_400_000);
    await db.applePass.update({ where: { id: old.passId }, data: { voidedAt: daysAgo(31) } });
    await db.applePass.update({ where: { id: recent.passId }, data: { voidedAt: daysAgo(29) } });

    await HANDLERS["sweep.reward-expiry"]!({}, { id: "test-sweep", retryCount: 0 });
    expect(await db.applePass.findUnique({ where: { id: old.passId } })).toBeNull();
    expect(await db.appleDeviceRegistration.count({ where: { passId: old.passId } })).toBe(0);
    expect(await db.applePass.findUnique({ where: { id: recent.passId } })).not.toBeNull();
    expect(await db.applePass.findUnique({ where: { id: live.passId } })).not.toBeNull();
    expect((await phone.changes()).json.serialNumbers).toEqual(
      [recent.pass.serialNumber, live.pass.serialNumber].sort(),
    );
    // A device asking for the removed pass: 401, as for any pass we do not know.
    expect((await fetchPass(old.pass)).status).toBe(401);
  });

  test("the cleanup works in batches until none is left", async () => {
    const passes = await Promise.all(Array.from({ length: 5 }, () => holder()));
    await db.applePass.updateMany({
      where: { id: { in: passes.map((p) => p.passId) } },
      data: { voidedAt: new Date(Date.now() - 40 * 86_400_000) },
    });
    expect(await sweepVoidedApplePasses(new Date(), 2)).toBeGreaterThanOrEqual(5);
    expect(await db.applePass.count({ where: { id: { in: passes.map((p) => p.passId) } } })).toBe(0);
  });
});
