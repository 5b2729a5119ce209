import { randomUUID } from "node:crypto";
import { db } from "@/lib/db";
import { applyCampaignOffer } from "@/lib/campaigns/apply-offer";
import { getBoss } from "@/lib/jobs/boss";
import type { OfferKind } from "@/lib/generated/prisma/enums";
import { forgetAccessTokens } from "@/lib/wallet/google/api";
import { createBusiness, createUser, stampsProgram } from "../support/fixtures";
import { jobsWhere } from "../support/jobs";
import { testGoogleIssuer, type GoogleWalletService } from "../support/google-wallet-service";

// A campaign's offer reaches a messaged customer's card through the loyalty
// engine, exactly once whatever the retries, never a held-out customer's; a
// reward it issues expires after the offer's days; each one is in the audit
// log and updates the card in the customer's wallet.

const ISSUER = "3388000000022200034";
const issuer = testGoogleIssuer(ISSUER, "wallet@loyaltap-offers.iam.gserviceaccount.com");
const saved = { ...process.env };
let service: GoogleWalletService;

beforeAll(async () => {
  service = await issuer.start();
  await getBoss();
}, 30_000);
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

const DAY = 86_400_000;

type Offer = {
  kind: OfferKind;
  programId?: string | null;
  amount?: number | null;
  rewardName?: string | null;
  validDays?: number | null;
};

/**
 * A business with a 3-stamp card and a 100-point card, a member holding 2
 * stamps whose card is in Google Wallet, and a campaign with `offer` that
 * fixed this member as a recipient (held out or not).
 */
async function recipient(offer: (programs: { stamps: string; points: string }) => Offer, heldOut = false) {
  const { business } = await createBusiness({
    programs: [
      stampsProgram(3, { rewardName: "Free coffee" }),
      { type: "points", name: "Points", rules: { pointsPerVisit: 10, threshold: 100 }, rewardName: "Free cake" },
    ],
  });
  const programs = await db.program.findMany({ where: { businessId: business.id } });
  const ids = {
    stamps: programs.find((p) => p.type === "stamps")!.id,
    points: programs.find((p) => p.type === "points")!.id,
  };
  const { user } = await createUser();
  const membership = await db.membership.create({ data: { userId: user.id, businessId: business.id } });
  await db.progress.create({ data: { membershipId: membership.id, programId: ids.stamps, count: 2, total: 2 } });
  await db.googleWalletObject.create({ data: { membershipId: membership.id, objectId: `${ISSUER}.${membership.id}` } });
  const o = offer(ids);
  const campaign = await db.campaign.create({
    data: {
      businessId: business.id,
      name: "Come back soon",
      message: "We miss you",
      seed: randomUUID(),
      offerKind: o.kind,
      offerProgramId: o.programId ?? null,
      offerAmount: o.amount ?? null,
      offerRewardName: o.rewardName ?? null,
      offerValidDays: o.validDays ?? null,
      status: "SENDING",
    },
  });
  const row = await db.campaignRecipient.create({
    data: {
      campaignId: campaign.id,
      businessId: business.id,
      userId: user.id,
      membershipId: membership.id,
      heldOut,
      status: heldOut ? "HELD_OUT" : "SENDING",
    },
  });
  const card = async () => {
    const stamps = await db.progress.findUnique({
      where: { membershipId_programId: { membershipId: membership.id, programId: ids.stamps } },
    });
    const points = await db.progress.findUnique({
      where: { membershipId_programId: { membershipId: membership.id, programId: ids.points } },
    });
    return {
      stamps: stamps?.count ?? 0,
      points: points?.count ?? 0,
      rewards: await db.reward.count({ where: { userId: user.id } }),
      audits: await db.auditLog.count({ where: { businessId: business.id, action: "CAMPAIGN_OFFER" } }),
      walletUpdates: (await jobsWhere(["wallet.google-update"], "membershipId", [membership.id])).length,
      recipient: await db.campaignRecipient.findUniqueOrThrow({
        where: { id: row.id },
        select: { offerAppliedAt: true, offerRewardId: true },
      }),
    };
  };
  return { business, user, membership, campaign, recipientId: row.id, programs: ids, card };
}

describe("a campaign's offer", () => {
  it("adds bonus stamps once: a completed card issues its reward, and a retry applies nothing", async () => {
    const now = new Date();
    const r = await recipient((p) => ({ kind: "STAMPS", programId: p.stamps, amount: 2 }));

    const first = await applyCampaignOffer(r.recipientId, now);
    const reward = await db.reward.findFirstOrThrow({ where: { userId: r.user.id } });
    expect(first).toEqual({ applied: true, rewardId: reward.id });
    expect(reward).toMatchObject({ name: "Free coffee", programId: r.programs.stamps, status: "AVAILABLE" });
    // 2 + 2 on a 3-stamp card: one reward, and the extra stamp starts the next card (as taps would).
    const after = await r.card();
    expect(after).toMatchObject({ stamps: 1, rewards: 1, audits: 1, walletUpdates: 1 });
    expect(after.recipient).toEqual({ offerAppliedAt: now, offerRewardId: reward.id });
    expect(await jobsWhere(["mail.reward-earned", "push.reward-earned"], "rewardId", [reward.id])).toHaveLength(2);

    expect(await applyCampaignOffer(r.recipientId, new Date(now.getTime() + 60_000))).toEqual({
      applied: false,
      rewardId: null,
      reason: "already_applied",
    });
    expect(await r.card()).toEqual(after);
  });

  it("two workers at once give it once", async () => {
    const r = await recipient((p) => ({ kind: "POINTS", programId: p.points, amount: 30 }));
    const outcomes = await Promise.all(Array.from({ length: 4 }, () => applyCampaignOffer(r.recipientId)));
    expect(outcomes.filter((o) => o.applied)).toHaveLength(1);
    expect(outcomes.filter((o) => !o.applied).map((o) => !o.applied && o.reason)).toEqual([
      "already_applied",
      "already_applied",
      "already_applied",
    ]);
    expect(await r.card()).toMatchObject({ points: 30, audits: 1, walletUpdates: 1 });
  });

  it("gives a held-out customer nothing", async () => {
    const r = await recipient((p) => ({ kind: "STAMPS", programId: p.stamps, amount: 2 }), true);
    expect(await applyCampaignOffer(r.recipientId)).toEqual({ applied: false, rewardId: null, reason: "held_out" });
    expect(await r.card()).toMatchObject({
      stamps: 2,
      rewards: 0,
      audits: 0,
      walletUpdates: 0,
      recipient: { offerAppliedAt: null, offerRewardId: null },
    });
  });

  it("issues a one-off reward with a fresh code that expires after the offer's days, audited, on the wallet card", async () => {
    const now = new Date("2026-11-20T10:00:00Z");
    const r = await recipient(() => ({ kind: "REWARD", rewardName: "Free pastry", validDays: 14 }));
    const other = await recipient(() => ({ kind: "REWARD", rewardName: "Free pastry", validDays: 14 }));

    const outcome = await applyCampaignOffer(r.recipientId, now);
    await applyCampaignOffer(other.recipientId, now);
    const reward = await db.reward.findFirstOrThrow({ where: { userId: r.user.id } });
    const otherReward = await db.reward.findFirstOrThrow({ where: { userId: other.user.id } });
    expect(outcome).toEqual({ applied: true, rewardId: reward.id });
    expect(reward).toMatchObject({
      name: "Free pastry",
      programId: null,
      membershipId: r.membership.id,
      status: "AVAILABLE",
      issuedAt: now,
      expiresAt: new Date(now.getTime() + 14 * DAY),
    });
    expect(reward.code).toMatch(/^[A-Z0-9-]{6,}$/);
    expect(reward.code).not.toBe(otherReward.code);
    expect(await r.card()).toMatchObject({
      stamps: 2,
      rewards: 1,
      audits: 1,
      walletUpdates: 1,
      recipient: { offerAppliedAt: now, offerRewardId: reward.id },
    });
    const audit = await db.auditLog.findFirstOrThrow({
      where: { businessId: r.business.id, action: "CAMPAIGN_OFFER" },
    });
    expect(audit).toMatchObject({ customerId: r.user.id, actorId: null, reason: "Come back soon", createdAt: now });
    expect(audit.details).toMatchObject({
      campaignId: r.campaign.id,
      kind: "REWARD",
      rewards: [{ id: reward.id, code: reward.code, name: "Free pastry" }],
    });
  });

  it("refuses an offer whose program ended or does not count that kind, and writes nothing", async () => {
    const ended = await recipient((p) => ({ kind: "STAMPS", programId: p.stamps, amount: 1 }));
    await db.program.update({ where: { id: ended.programs.stamps }, data: { endedAt: new Date() } });
    const mismatch = await recipient((p) => ({ kind: "STAMPS", programId: p.points, amount: 5 }));

    expect(await applyCampaignOffer(ended.recipientId)).toEqual({
      applied: false,
      rewardId: null,
      reason: "program_not_found",
    });
    expect(await applyCampaignOffer(mismatch.recipientId)).toEqual({
      applied: false,
      rewardId: null,
      reason: "not_adjustable",
    });
    for (const r of [ended, mismatch])
      expect(await r.card()).toMatchObject({
        stamps: 2,
        points: 0,
        rewards: 0,
        audits: 0,
        walletUpdates: 0,
        recipient: { offerAppliedAt: null, offerRewardId: null },
      });
  });
});
