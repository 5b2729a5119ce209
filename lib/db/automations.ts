import "server-only";
import { randomBytes } from "node:crypto";
import { db } from "@/lib/db";
import { queryRows, raw, sql, type Sql, type SqlExecutor } from "@/lib/db/sql";
import type { AutomationKind, OfferKind } from "@/lib/generated/prisma/enums";
import type { OfferColumns } from "@/lib/db/campaigns";

// Automations and their standing campaigns (docs/campaigns.md, "Automations"):
// reads, the owner's save, and the sweep's enrolments. Each enrolment is one
// INSERT … SELECT: the unique (campaign, customer, cycle) row is the claim, so
// two sweeps of the same hour (or an overlap) enrol each customer once per cycle.

export type AutomationRow = OfferColumns & {
  id: string;
  kind: AutomationKind;
  enabled: boolean;
  message: string;
  days: number | null;
  holdoutPercent: number;
  campaignId: string | null;
  recipients: number;
  heldOut: number;
};

/** The business's saved automations with what each has enrolled so far. */
export async function automationRows(businessId: string): Promise<AutomationRow[]> {
  return queryRows<AutomationRow>(sql`SELECT a."id", a."kind", a."enabled", a."message", a."days", a."offerKind",
      a."offerProgramId", a."offerAmount", a."offerRewardName", a."offerValidDays", a."holdoutPercent",
      c."id" AS "campaignId", COALESCE(c."recipientCount", 0) AS "recipients", COALESCE(c."heldOutCount", 0) AS "heldOut"
    FROM "Automation" a LEFT JOIN "Campaign" c ON c."automationId" = a."id"
    WHERE a."businessId" = ${businessId}::text`);
}

export type AutomationWrite = {
  enabled: boolean;
  message: string;
  days: number | null;
  offer: {
    kind: OfferKind;
    programId: string | null;
    amount: number | null;
    rewardName: string | null;
    validDays: number | null;
  } | null;
  holdoutPercent: number;
};

/**
 * Creates or updates the automation and its standing campaign in one
 * transaction: the campaign carries the same wording, offer and holdout, and
 * is SENDING while the automation is on (DRAFT while off, so its sender stops).
 */
export async function upsertAutomation(
  businessId: string,
  kind: AutomationKind,
  input: AutomationWrite,
): Promise<{ id: string; campaignId: string }> {
  const offer = {
    offerKind: input.offer?.kind ?? null,
    offerProgramId: input.offer?.programId ?? null,
    offerAmount: input.offer?.amount ?? null,
    offerRewardName: input.offer?.rewardName ?? null,
    offerValidDays: input.offer?.validDays ?? null,
  };
  const fields = { message: input.message, holdoutPercent: input.holdoutPercent, ...offer };
  return db.$transaction(async (tx) => {
    const automation = await tx.automation.upsert({
      where: { businessId_kind: { businessId, kind } },
      create: { businessId, kind, enabled: input.enabled, days: input.days, ...fields },
      update: { enabled: input.enabled, days: input.days, ...fields },
      select: { id: true },
    });
    const status = input.enabled ? "SENDING" : "DRAFT";
    const campaign = await tx.campaign.upsert({
      where: { automationId: automation.id },
      create: {
        businessId,
        automationId: automation.id,
        name: kind,
        seed: randomBytes(16).toString("hex"),
        status,
        startedAt: input.enabled ? new Date() : null,
        ...fields,
      },
      update: { status, ...fields },
      select: { id: true },
    });
    // Switched on for the first time after it was saved off: its results count from now.
    if (input.enabled)
      await tx.campaign.updateMany({ where: { id: campaign.id, startedAt: null }, data: { startedAt: new Date() } });
    return { id: automation.id, campaignId: campaign.id };
  });
}

/** A program of the business, to check an offer against (is it the business's, of the offer's type). */
export async function businessProgramType(businessId: string, programId: string): Promise<string | null> {
  const program = await db.program.findFirst({ where: { id: programId, businessId }, select: { type: true } });
  return program?.type ?? null;
}

export type DueAutomation = {
  id: string;
  businessId: string;
  kind: AutomationKind;
  days: number | null;
  timezone: string;
  campaignId: string;
  seed: string;
  holdoutPercent: number;
};

/**
 * Every enabled automation the hourly sweep enrols for (the expiry reminder
 * has its own sweep), but a paused business's: nobody is invited back to a
 * business closed for the season (docs/business-lifecycle.md).
 */
export async function enabledAutomations(): Promise<DueAutomation[]> {
  return queryRows<DueAutomation>(sql`SELECT a."id", a."businessId", a."kind", a."days", b."timezone",
      c."id" AS "campaignId", c."seed", c."holdoutPercent"
    FROM "Automation" a
    JOIN "Business" b ON b."id" = a."businessId"
    JOIN "Campaign" c ON c."automationId" = a."id"
    WHERE a."enabled" AND a."kind" <> 'REWARD_EXPIRING'::"AutomationKind" AND b."pausedAt" IS NULL
    ORDER BY a."id"`);
}

/** The business's cards that can be one visit short: its live stamps, points and visits programs. */
export async function cardPrograms(businessId: string) {
  return db.program.findMany({
    where: { businessId, active: true, endedAt: null, type: { in: ["stamps", "points", "visits"] } },
    select: { id: true, type: true, rules: true, startDate: true, endDate: true },
    orderBy: { id: "asc" },
  });
}

// The same draw as isHeldOut (lib/campaigns/holdout.ts): the first 32 bits of
// md5(seed:userId), modulo 10000, under percent × 100.
function heldOutPart(automation: DueAutomation): Sql {
  return sql`((('x' || substr(md5(${automation.seed}::text || ':' || m."userId"), 1, 8))::bit(32)::bigint % 10000) < ${automation.holdoutPercent}::int * 100)`;
}

/**
 * Enrols the memberships `due` selects (a FROM … WHERE over membership m and
 * user u, naming each row's cycle as "cycle") into the automation's campaign,
 * and adds them to its counters, in one statement. Answers how many it enrolled.
 */
async function enrol(automation: DueAutomation, due: Sql, now: Date): Promise<number> {
  const rows = await queryRows<{ enrolled: number }>(sql`WITH due AS (${due}),
    inserted AS (
      INSERT INTO "CampaignRecipient" ("id", "campaignId", "businessId", "userId", "membershipId", "cycle",
        "heldOut", "status", "language", "assignedAt")
      SELECT gen_random_uuid()::text, ${automation.campaignId}::text, due."businessId", due."userId", due."membershipId",
        due."cycle", due."heldOut",
        (CASE WHEN due."heldOut" THEN 'HELD_OUT' ELSE 'QUEUED' END)::"CampaignRecipientStatus",
        due."language", ${now}::timestamp(3)
      FROM due
      ON CONFLICT ("campaignId", "userId", "cycle") DO NOTHING
      RETURNING "heldOut"
    ),
    counted AS (
      UPDATE "Campaign" SET "recipientCount" = "recipientCount" + (SELECT count(*) FROM inserted)::int,
        "heldOutCount" = "heldOutCount" + (SELECT count(*) FROM inserted WHERE "heldOut")::int
      WHERE "id" = ${automation.campaignId}::text AND EXISTS (SELECT 1 FROM inserted)
    )
    SELECT count(*)::int AS "enrolled" FROM inserted`);
  return rows[0]?.enrolled ?? 0;
}

function duePart(automation: DueAutomation, cycle: Sql, from: Sql, where: Sql): Sql {
  return sql`SELECT m."businessId", m."userId", m."id" AS "membershipId", ${cycle} AS "cycle",
      ${heldOutPart(automation)} AS "heldOut", u."language"
    FROM "Membership" m JOIN "User" u ON u."id" = m."userId"${from}
    WHERE m."businessId" = ${automation.businessId}::text AND u."disabledAt" IS NULL AND ${where}`;
}

/** Win-back: last visit in [from, before); the cycle is that last visit, so a new lapse is a new cycle. */
export function enrolWinBack(automation: DueAutomation, window: { from: Date; before: Date }, now: Date) {
  const cycle = sql`'lapse:' || to_char(m."lastVisitAt", 'YYYY-MM-DD"T"HH24:MI:SS.MS')`;
  const where = sql`m."lastVisitAt" >= ${window.from}::timestamp(3) AND m."lastVisitAt" < ${window.before}::timestamp(3)`;
  return enrol(automation, duePart(automation, cycle, raw(""), where), now);
}

/** Birthday: the birthdays (MM-DD) due today; the cycle is the birthday's year. */
export function enrolBirthday(automation: DueAutomation, due: { year: number; days: string[] }, now: Date) {
  const where = sql`u."birthday" IS NOT NULL AND to_char(u."birthday", 'MM-DD') = ANY(${due.days}::text[])`;
  return enrol(automation, duePart(automation, sql`${String(due.year)}::text`, raw(""), where), now);
}

/**
 * One stamp away: a card of one of `ranges`' programs whose count is in its
 * range; one row per customer (the first such program), and the cycle is the
 * program and how many rewards the membership had earned: a refilled card is a new cycle.
 */
export function enrolOneAway(
  automation: DueAutomation,
  ranges: { programId: string; min: number; max: number }[],
  now: Date,
) {
  if (ranges.length === 0) return Promise.resolve(0);
  const from = sql` JOIN "Progress" p ON p."membershipId" = m."id"
    JOIN unnest(${ranges.map((r) => r.programId)}::text[], ${ranges.map((r) => r.min)}::int[],
      ${ranges.map((r) => r.max)}::int[]) AS t("programId", "low", "high")
      ON t."programId" = p."programId" AND p."count" BETWEEN t."low" AND t."high"`;
  const cycle = sql`p."programId" || ':' || m."rewardsEarned"::text`;
  const due = sql`SELECT DISTINCT ON ("userId") * FROM (${duePart(automation, cycle, from, sql`TRUE`)}) AS card
    ORDER BY "userId", "cycle"`;
  return enrol(automation, due, now);
}

/** Welcome: the first visit in (since, now] and none after it; one welcome per membership. */
export function enrolWelcome(automation: DueAutomation, since: Date, now: Date) {
  const where = sql`m."firstVisitAt" > ${since}::timestamp(3) AND m."firstVisitAt" <= ${now}::timestamp(3)
    AND m."lastVisitAt" = m."firstVisitAt"`;
  return enrol(automation, duePart(automation, sql`'first'::text`, raw(""), where), now);
}

/**
 * The expiry reminders the reward sweep just queued, as enrolments of each
 * business's "reward expiring" automation (where it was saved): one row per
 * reward (the cycle), never held out, already on its way by the reminder's
 * own mail and push jobs (SENT), in the sweep's transaction.
 */
export async function recordExpiryReminders(tx: SqlExecutor, rewardIds: readonly string[], now: Date): Promise<void> {
  if (rewardIds.length === 0) return;
  await tx.query(
    `WITH inserted AS (
      INSERT INTO "CampaignRecipient" ("id", "campaignId", "businessId", "userId", "membershipId", "cycle",
        "heldOut", "status", "language", "assignedAt", "sentAt")
      SELECT gen_random_uuid()::text, c."id", r."businessId", r."userId", r."membershipId", r."id",
        false, 'SENT'::"CampaignRecipientStatus", u."language", $2::timestamp(3), $2::timestamp(3)
      FROM "Reward" r
      JOIN "User" u ON u."id" = r."userId"
      JOIN "Automation" a ON a."businessId" = r."businessId" AND a."kind" = 'REWARD_EXPIRING'::"AutomationKind"
      JOIN "Campaign" c ON c."automationId" = a."id"
      WHERE r."id" = ANY($1::text[])
      ON CONFLICT ("campaignId", "userId", "cycle") DO NOTHING
      RETURNING "campaignId"
    )
    UPDATE "Campaign" c SET "recipientCount" = c."recipientCount" + n.count
    FROM (SELECT "campaignId", count(*)::int AS count FROM inserted GROUP BY "campaignId") n
    WHERE c."id" = n."campaignId"`,
    [rewardIds, now],
  );
}

/** The message the owner saved for the expiry reminder of this business, or null (the mail's own wording). */
export async function expiryReminderMessage(businessId: string): Promise<string | null> {
  const row = await db.automation.findUnique({
    where: { businessId_kind: { businessId, kind: "REWARD_EXPIRING" } },
    select: { message: true },
  });
  return row?.message ?? null;
}

/** The programs an automation's offer may credit: the business's live stamps and points programs. */
export async function offerPrograms(businessId: string): Promise<{ id: string; name: string; type: string }[]> {
  return db.program.findMany({
    where: { businessId, active: true, endedAt: null, type: { in: ["stamps", "points"] } },
    select: { id: true, name: true, type: true },
    orderBy: { createdAt: "asc" },
  });
}
