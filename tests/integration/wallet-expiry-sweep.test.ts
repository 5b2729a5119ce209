import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { sweepExpiredRewards } from "@/lib/rewards/expiry-sweeps";
import { getBoss } from "@/lib/jobs/boss";
import { HANDLERS } from "@/lib/jobs/handlers";
import { forgetAccessTokens } from "@/lib/wallet/google/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";
import { testGoogleIssuer, type GoogleWalletService } from "../support/google-wallet-service";

// When a ready reward expires, the cards in the customer's wallets must stop
// counting it: the hourly expiry sweep marks each newly expired reward once and
// queues one wallet update per membership that has a card in a wallet, none for
// the others.

const ISSUER = "3388000000022200003";
const issuer = testGoogleIssuer(ISSUER, "wallet@loyaltap-sweep.iam.gserviceaccount.com");
const saved = { ...process.env };
let service: GoogleWalletService;

beforeAll(async () => {
  service = await issuer.start();
  await getBoss();
});
beforeEach(() => {
  forgetAccessTokens();
  Object.assign(process.env, issuer.env(service));
});
afterEach(() => {
  process.env = { ...saved };
});
afterAll(async () => {
  await service.close();
  await db.$disconnect();
});

const HOUR = 3_600_000;

async function memberWithRewards(expiries: Date[], inWallet: boolean) {
  const place = await createBusiness({ programs: [stampsProgram(10)] });
  const customer = await createUser({ name: "Grace Hopper" });
  const membership = await db.membership.create({ data: { userId: customer.user.id, businessId: place.business.id } });
  const rewards = [];
  for (const expiresAt of expiries)
    rewards.push(
      await db.reward.create({
        data: {
          code: randomUUID().replace(/-/g, "").slice(0, 12).toUpperCase(),
          businessId: place.business.id,
          userId: customer.user.id,
          membershipId: membership.id,
          name: "Free coffee",
          issuedAt: new Date(expiresAt.getTime() - 30 * 24 * HOUR),
          expiresAt,
        },
      }),
    );
  if (inWallet)
    await db.googleWalletObject.create({
      data: { membershipId: membership.id, objectId: `${ISSUER}.${membership.id}` },
    });
  return { membership, rewards };
}

describe("the expired-rewards sweep", () => {
  it("queues one wallet update per carded membership whose reward expired, once, and the card stops counting it", async () => {
    const now = new Date();
    const carded = await memberWithRewards([new Date(now.getTime() - HOUR), new Date(now.getTime() + 48 * HOUR)], true);
    const plain = await memberWithRewards([new Date(now.getTime() - HOUR)], false);

    // Two sweeps of the same slot at once, and the next hour's.
    await Promise.all([sweepExpiredRewards(now, 2), sweepExpiredRewards(now, 2)]);
    await sweepExpiredRewards(new Date(now.getTime() + HOUR));

    const jobs = await jobsWhere(["wallet.google-update"], "membershipId", [carded.membership.id, plain.membership.id]);
    expect(jobs.map((job) => job.data.membershipId)).toEqual([carded.membership.id]);

    const rewards = await db.reward.findMany({
      where: { membershipId: { in: [carded.membership.id, plain.membership.id] } },
      select: { id: true, expirySweptAt: true },
    });
    const swept = Object.fromEntries(rewards.map((row) => [row.id, row.expirySweptAt?.getTime() ?? null]));
    expect(swept).toEqual({
      [carded.rewards[0]!.id]: now.getTime(),
      [carded.rewards[1]!.id]: null,
      [plain.rewards[0]!.id]: now.getTime(),
    });

    // The update puts the card on Google with one ready reward: the expired one no longer counts.
    await HANDLERS["wallet.google-update"]!(jobs[0]!.data, { id: jobs[0]!.id, retryCount: 0 });
    const object = service.objects.get(`${ISSUER}.${carded.membership.id}`);
    expect(object?.secondaryLoyaltyPoints).toMatchObject({ balance: { int: 1 } });
  });

  it("without any wallet configured, marks the expiry and queues nothing", async () => {
    for (const name of Object.keys(issuer.env(service))) delete process.env[name];
    const now = new Date();
    const carded = await memberWithRewards([new Date(now.getTime() - HOUR)], true);
    await sweepExpiredRewards(now);
    expect(await jobsWhere(["wallet.google-update"], "membershipId", [carded.membership.id])).toEqual([]);
    expect((await db.reward.findUniqueOrThrow({ where: { id: carded.rewards[0]!.id } })).expirySweptAt).toEqual(now);
  });
});
