import "server-only";
import type { CampaignChannel, CampaignRecipientStatus } from "@/lib/generated/prisma/enums";
import { consentPart, emailPart, pushPart } from "@/lib/db/outreach-reach";
import { queryRows, sql } from "@/lib/db/sql";

// A campaign's recipients as the sender works them (docs/campaigns.md, "Sent
// once"): each row is claimed (QUEUED → SENDING, claimedAt) before anything is
// sent to it, by one UPDATE over rows picked FOR UPDATE SKIP LOCKED, so two
// workers never take the same customer; a claim older than the queue's time
// limit was left by a worker that died and is taken over. Each outcome is
// written only while the claim is still the one that sent (attempts).

export type ClaimedRecipient = {
  id: string;
  userId: string;
  membershipId: string | null;
  language: string;
  attempts: number;
};

/** Claims up to `limit` recipients of a campaign that is SENDING (or an automation's). */
export function claimRecipients(
  campaignId: string,
  limit: number,
  staleAfterSeconds: number,
  now: Date,
): Promise<ClaimedRecipient[]> {
  return queryRows<ClaimedRecipient>(sql`
    UPDATE "CampaignRecipient" r SET "status" = 'SENDING', "claimedAt" = ${now}::timestamp, "attempts" = r."attempts" + 1
    WHERE r."id" IN (
      SELECT q."id" FROM "CampaignRecipient" q
      WHERE q."campaignId" = ${campaignId}::text
        AND (q."status" = 'QUEUED'
          OR (q."status" = 'SENDING' AND q."claimedAt" < ${now}::timestamp - make_interval(secs => ${staleAfterSeconds}::float8)))
        AND EXISTS (SELECT 1 FROM "Campaign" c WHERE c."id" = q."campaignId" AND c."status" = 'SENDING')
      ORDER BY q."status", q."id"
      LIMIT ${limit}::int
      FOR UPDATE SKIP LOCKED
    )
    RETURNING r."id", r."userId", r."membershipId", r."language", r."attempts"`);
}

/** Whether a claim younger than the time limit is still out (another worker is sending). */
export async function hasPendingRecipients(campaignId: string): Promise<boolean> {
  const rows = await queryRows(sql`
    SELECT 1 FROM "CampaignRecipient" WHERE "campaignId" = ${campaignId}::text AND "status" IN ('QUEUED', 'SENDING') LIMIT 1`);
  return rows.length > 0;
}

/** What the sender may use for one recipient, read when it is sent. */
export type RecipientReach = {
  id: string;
  userId: string;
  consent: boolean;
  email: string | null;
  emailAllowed: boolean;
  firstName: string | null;
  push: boolean;
  googleObjectId: string | null;
  applePassIds: string[];
};

export function reachOf(ids: readonly string[], requireVerifiedEmail: boolean): Promise<RecipientReach[]> {
  return queryRows<RecipientReach>(sql`
    SELECT r."id", r."userId", ${consentPart("m", "u")} AS "consent", u."email",
      ${emailPart("m", "u", requireVerifiedEmail)} AS "emailAllowed", u."firstName",
      ${pushPart("m")} AS "push",
      (SELECT g."objectId" FROM "GoogleWalletObject" g WHERE g."membershipId" = m."id" AND g."state" = 'ACTIVE' LIMIT 1) AS "googleObjectId",
      ARRAY(SELECT DISTINCT p."id" FROM "ApplePass" p JOIN "AppleDeviceRegistration" d ON d."passId" = p."id"
        WHERE p."membershipId" = m."id" AND p."voidedAt" IS NULL) AS "applePassIds"
    FROM "CampaignRecipient" r
    JOIN "Membership" m ON m."businessId" = r."businessId" AND m."userId" = r."userId"
    JOIN "User" u ON u."id" = r."userId"
    WHERE r."id" = ANY(${ids as string[]}::text[])`);
}

/** The recipient's outcome, written only by the claim that sent (a taken-over claim's late answer is ignored). */
export async function finishRecipient(
  claim: Pick<ClaimedRecipient, "id" | "attempts">,
  outcome:
    | { status: "SENT"; channel: CampaignChannel }
    | { status: "SKIPPED"; reason: string }
    | { status: "FAILED"; channel: CampaignChannel | null; reason: string },
  now: Date,
): Promise<boolean> {
  const status: CampaignRecipientStatus = outcome.status;
  const channel = outcome.status === "SKIPPED" ? null : outcome.channel;
  const rows = await queryRows(sql`
    UPDATE "CampaignRecipient" SET "status" = ${status}::"CampaignRecipientStatus",
      "channel" = ${channel}::"CampaignChannel",
      "sentAt" = ${outcome.status === "SENT" ? now : null}::timestamp,
      "skipReason" = ${outcome.status === "SKIPPED" ? outcome.reason : null}::text,
      "failedReason" = ${outcome.status === "FAILED" ? outcome.reason.slice(0, 300) : null}::text
    WHERE "id" = ${claim.id}::text AND "status" = 'SENDING' AND "attempts" = ${claim.attempts}::int
    RETURNING "id"`);
  return rows.length === 1;
}

/** The channel chosen, written before delivery, so a wallet that renders the card meanwhile shows the message. */
export async function chooseChannel(claim: Pick<ClaimedRecipient, "id" | "attempts">, channel: CampaignChannel) {
  await queryRows(sql`
    UPDATE "CampaignRecipient" SET "channel" = ${channel}::"CampaignChannel"
    WHERE "id" = ${claim.id}::text AND "status" = 'SENDING' AND "attempts" = ${claim.attempts}::int RETURNING "id"`);
}

/** The first open (the mail's pixel) of a sent recipient; later ones change nothing. */
export async function markOpened(recipientId: string, now: Date): Promise<void> {
  await queryRows(sql`
    UPDATE "CampaignRecipient" SET "openedAt" = ${now}::timestamp
    WHERE "id" = ${recipientId}::text AND "status" = 'SENT' AND "openedAt" IS NULL RETURNING "id"`);
}

/** The first click; a click is also an open (a mail program that blocks images still opened it). */
export async function markClicked(recipientId: string, now: Date): Promise<{ slug: string } | null> {
  const [row] = await queryRows<{ slug: string }>(sql`
    UPDATE "CampaignRecipient" r SET "clickedAt" = COALESCE(r."clickedAt", ${now}::timestamp),
      "openedAt" = COALESCE(r."openedAt", ${now}::timestamp)
    FROM "Business" b WHERE r."id" = ${recipientId}::text AND b."id" = r."businessId" AND r."status" = 'SENT'
    RETURNING b."slug"`);
  return row ?? null;
}

/** The slug of a recipient's business (a click on a recipient that is not SENT still lands on the card). */
export async function recipientBusinessSlug(recipientId: string): Promise<string | null> {
  const [row] = await queryRows<{ slug: string }>(sql`
    SELECT b."slug" FROM "CampaignRecipient" r JOIN "Business" b ON b."id" = r."businessId" WHERE r."id" = ${recipientId}::text`);
  return row?.slug ?? null;
}

export type ProgressRow = {
  status: CampaignRecipientStatus;
  channel: CampaignChannel | null;
  skipReason: string | null;
  n: number;
  opened: number;
  clicked: number;
};

/** The recipients counted by status, channel and skip reason, with opens and clicks. */
export function progressRows(campaignId: string): Promise<ProgressRow[]> {
  return queryRows<ProgressRow>(sql`
    SELECT "status", "channel", "skipReason", count(*)::int AS "n",
      count("openedAt")::int AS "opened", count("clickedAt")::int AS "clicked"
    FROM "CampaignRecipient" WHERE "campaignId" = ${campaignId}::text
    GROUP BY "status", "channel", "skipReason"`);
}
