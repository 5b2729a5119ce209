// The demo business's regulars: sixty customers with a few months of visits,
// so a first run shows an owner what outreach is for (docs/campaigns.md). Some
// come every few days, some stopped coming a month or more ago, a few joined
// this week; most said yes to the café's offers. One campaign went out three
// weeks ago to the customers who had lapsed then, a tenth of them held out, and
// its results page already has something to say. Deterministic: the same
// crowd on every first run (a small seeded generator, never Math.random).
import type { Prisma } from "../lib/generated/prisma/client";
import { isHeldOut } from "../lib/campaigns/holdout";

type Tx = Prisma.TransactionClient;

const FIRST = ["Laia", "Pau", "Núria", "Marc", "Anna", "Jordi", "Clara", "Oriol", "Berta", "Arnau", "Júlia", "Pol"];
const LAST = ["Serra", "Soler", "Puig", "Ferrer", "Roca", "Vidal", "Font", "Pons", "Casas", "Riera"];
const DAY = 86_400_000;
const CAMPAIGN_SEED = "demo-win-back";

/** mulberry32: a tiny seeded generator, so the demo is the same on every first run. */
function generator(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The calendar day in Madrid (the demo café's zone) as Prisma stores a `date`. */
function madridDay(at: Date): Date {
  const text = at.toLocaleDateString("en-CA", { timeZone: "Europe/Madrid" });
  return new Date(`${text}T00:00:00Z`);
}

type Kind = "regular" | "lapsed" | "won-back" | "new";

export async function seedDemoCrowd(
  tx: Tx,
  business: { id: string; ownerId: string },
  coffeeCard: { id: string },
  now = new Date(),
) {
  const random = generator(20261127);
  const campaignAt = new Date(now.getTime() - 21 * DAY);
  const kinds: Kind[] = [
    ...Array<Kind>(18).fill("regular"),
    ...Array<Kind>(22).fill("lapsed"),
    ...Array<Kind>(12).fill("won-back"),
    ...Array<Kind>(8).fill("new"),
  ];
  const campaign = await tx.campaign.create({
    data: {
      businessId: business.id,
      createdById: business.ownerId,
      name: "We miss you",
      message: "It's been a while! Come by this week: your next coffee comes with a free pastry.",
      segment: { lapsedDays: 30 },
      holdoutPercent: 10,
      seed: CAMPAIGN_SEED,
      status: "SENT",
      scheduledAt: campaignAt,
      startedAt: campaignAt,
      finishedAt: new Date(campaignAt.getTime() + 60_000),
      createdAt: new Date(campaignAt.getTime() - DAY),
    },
  });
  let recipients = 0;
  let heldOut = 0;
  for (const [index, kind] of kinds.entries()) {
    const n = index + 1;
    const firstName = FIRST[index % FIRST.length]!;
    const lastName = LAST[(index * 7) % LAST.length]!;
    const birthMonth = index % 12;
    const user = await tx.user.create({
      data: {
        // Fixed ids, so the campaign's seeded holdout draws the same customers on every first run.
        id: `01930000-0000-7000-8000-${String(n).padStart(12, "0")}`,
        email: `regular-${String(n).padStart(2, "0")}@cafe-central.test`,
        firstName,
        lastName,
        name: `${firstName} ${lastName}`,
        birthday: index % 3 === 0 ? new Date(Date.UTC(1980 + (index % 20), birthMonth, 1 + (index % 27))) : null,
        language: ["en", "es", "ca"][index % 3]!,
        createdAt: new Date(now.getTime() - 200 * DAY),
      },
    });
    // Visit moments, oldest first, by the customer's story.
    const visits: Date[] = [];
    const at = (daysAgo: number) =>
      new Date(now.getTime() - daysAgo * DAY + Math.floor(random() * 8 * 3600_000) - 4 * 3600_000);
    if (kind === "new") {
      const joined = 1 + Math.floor(random() * 6);
      visits.push(at(joined));
      if (random() < 0.4) visits.push(at(Math.max(0.2, joined - 1)));
    } else {
      const stop = kind === "regular" ? 1 + random() * 3 : 35 + random() * 60;
      for (let daysAgo = 170 - random() * 40; daysAgo > stop; daysAgo -= 3 + random() * 6) visits.push(at(daysAgo));
      if (kind === "won-back") visits.push(at(21 - 1 - random() * 10));
      if (kind === "won-back" && random() < 0.5) visits.push(at(5 + random() * 4));
    }
    visits.sort((a, b) => a.getTime() - b.getTime());
    const membership = await tx.membership.create({
      data: {
        userId: user.id,
        businessId: business.id,
        linkedAt: visits[0]!,
        visitCount: visits.length,
        firstVisitAt: visits[0]!,
        lastVisitAt: visits[visits.length - 1]!,
      },
    });
    await tx.progress.create({
      data: { membershipId: membership.id, programId: coffeeCard.id, count: visits.length % 10, total: visits.length },
    });
    await tx.tap.createMany({
      data: visits.map((createdAt) => ({
        businessId: business.id,
        userId: user.id,
        membershipId: membership.id,
        source: "TAG" as const,
        day: madridDay(createdAt),
        createdAt,
      })),
    });
    if (index % 4 !== 3) {
      await tx.marketingConsent.create({
        data: { userId: user.id, businessId: business.id, source: "card", grantedAt: visits[0]! },
      });
    }
    // The campaign three weeks ago went to those lapsed then (30 days without a visit).
    const before = visits.filter((visit) => visit < campaignAt);
    const last = before[before.length - 1];
    if (kind !== "new" && last && campaignAt.getTime() - last.getTime() > 30 * DAY && index % 4 !== 3) {
      const held = isHeldOut(CAMPAIGN_SEED, user.id, 10);
      recipients += 1;
      if (held) heldOut += 1;
      await tx.campaignRecipient.create({
        data: {
          campaignId: campaign.id,
          businessId: business.id,
          userId: user.id,
          membershipId: membership.id,
          heldOut: held,
          status: held ? "HELD_OUT" : "SENT",
          channel: held ? null : "EMAIL",
          language: user.language,
          assignedAt: campaignAt,
          sentAt: held ? null : new Date(campaignAt.getTime() + 30_000),
          openedAt: !held && random() < 0.6 ? new Date(campaignAt.getTime() + 3 * 3600_000) : null,
          attempts: held ? 0 : 1,
        },
      });
    }
  }
  await tx.campaign.update({ where: { id: campaign.id }, data: { recipientCount: recipients, heldOutCount: heldOut } });
}
