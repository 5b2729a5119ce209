import "server-only";
import { randomInt } from "node:crypto";
import { appendAuditSql } from "@/lib/db/audit";
import { worksAtSql } from "@/lib/db/business-access";
import { inTransaction, type SqlTx } from "@/lib/db/sql";
import { jobQueueReady } from "@/lib/jobs/enqueue";
import { rewardIssued, walletMembershipChanged } from "@/lib/jobs/events";
import { displayName, type NameParts } from "@/lib/users/display-name";
import {
  visitProgramSelect,
  type IssuedReward,
  type ProgramOutcome,
  type StoredAnswer,
  type StoredProgress,
  type VisitOutcome,
  type VisitProgram,
} from "@/lib/db/visit-types";
import { applyVisit, creditReferrer, describeProgress, normalizeProgress, type ProgressState } from "@/lib/loyalty";
import type { TapSource } from "@/lib/generated/prisma/enums";
import { generateRewardCode } from "@/lib/loyalty/reward-code";

export type VisitInput = {
  userId: string;
  /**
   * The session version the customer's credential was issued under; the visit
   * is refused (customer_not_found) when the account has moved on since
   * (logout, password change). null or absent: not checked (a visit the
   * owner records from the customer's QR).
   */
  sessionVersion?: number | null;
  /** REQUIRE_EMAIL_VERIFICATION: an account whose email is not confirmed earns nothing (a guest has none: it earns). */
  requireVerifiedEmail?: boolean;
  /**
   * The business visited. A visit on a tag (tagId set) is at the business
   * that holds the tag when the visit runs; a businessId given with it must
   * be that one. A visit without a tag (the owner records it from the
   * customer's QR) needs the businessId.
   */
  businessId?: string | null;
  tagId: string | null;
  source: TapSource;
  /**
   * The tap path: the business's owner tapping their own tag is refused
   * ("own_business"), and what `beforeVisit` did commits (for a secure tag it
   * wrote nothing: acceptSunCounter leaves the owner's own link unspent).
   */
  refuseOwner?: boolean;
  now?: Date;
  random?: () => number;
  /**
   * Secure tags: the accepted SUN read counter, stored with the visit. A tag
   * that is secure when the visit runs and has none is refused ("secure_tag",
   * nothing written): the caller verifies the tap's SUN message first.
   */
  sunCounter?: number;
  /**
   * Runs first inside the visit's transaction (secure tags accept their SUN
   * counter there, so counter and visit commit together); throwing aborts the
   * visit and the error reaches the caller.
   */
  beforeVisit?: (tx: SqlTx) => Promise<void>;
  /**
   * An Idempotency-Key of the customer: the visit's answer (200 or 429) is
   * stored under it in the visit's own transaction, so a committed visit
   * always has its key. When the key turns out to be taken (a concurrent or
   * earlier request with it committed first, within 24 hours), everything is
   * rolled back and the outcome is "duplicate_request": the caller replays the
   * stored answer.
   */
  idempotency?: { key: string; answer: (outcome: VisitOutcome) => StoredAnswer };
  /**
   * Someone at the counter records the visit (the owner or a staff member, from
   * the customer's QR): the visit's first statement finds the business only if
   * they work there (worksAtSql), and a recorded visit is audited as
   * VISIT_RECORDED with them as the actor, in the visit's transaction.
   */
  actorId?: string;
};

/** How long an Idempotency-Key holds its first answer. */
export const IDEMPOTENCY_WINDOW_MS = 24 * 60 * 60 * 1000;

/** The columns of visitProgramSelect as json_build_object's arguments: the statement reads exactly what VisitProgram says. */
const PROGRAM_JSON_FIELDS = Object.keys(visitProgramSelect)
  .map((column) => `'${column}', p."${column}"`)
  .join(", ");

const cryptoRandom = () => randomInt(0, 2 ** 32) / 2 ** 32;

class VisitRefused extends Error {
  constructor(readonly reason: "business_not_found" | "secure_tag" | "customer_not_found" | "duplicate_request") {
    super(reason);
  }
}

type RecordedRow = {
  businessId: string | null;
  secureRefused: boolean;
  ownBusiness: boolean;
  localDate: string | null;
  timeZone: string | null;
  programs: ProgramJson[] | null;
  customerFound: boolean;
  unverified: boolean;
  birthday: string | null;
  userReferredById: string | null;
  membershipId: string | null;
  visitCount: number | null;
  linkedAt: Date | null;
  membershipReferredById: string | null;
  inserted: boolean | null;
  tapId: string | null;
};

/**
 * Records one visit of a customer at a business and applies every active
 * program, all in ONE transaction: the visit, the membership, the progress and
 * any rewards are written together or not at all.
 *
 * Everything that decides the visit is read by the visit's own first
 * statement, never taken from a cache (docs/tap-api.md): the tag (claimed by
 * which business, secure or not), the business (withdrawn while its owner's
 * account is disabled: as if the tag were unclaimed; owner, daily tap limit, time
 * zone, hence the visit's local day) and its running programs with their
 * rules. A limit lowered, a program paused or a tag made secure a moment ago,
 * on any instance, holds for the very next visit.
 *
 * The same statement checks the customer, counts the visit against the daily
 * tap limit (a conditional upsert per customer × business × calendar day in
 * the business's time zone, so the limit holds under any concurrency), links
 * the membership and logs the tap. It locks the day's counter and the
 * membership row until commit, so two visits of one customer never interleave
 * their read-modify-write of progress, which the next statements do.
 *
 * A refused visit (daily limit, unconfirmed email, the owner's own tag) writes
 * nothing itself but commits what `beforeVisit` did: a secure tag's link is
 * spent by any verified use of a signed-in customer (not by the owner's own
 * tap, which acceptSunCounter lets through unspent). An unclaimed tag, a
 * secure tag without a verified SUN counter, or an unknown or signed-out
 * account roll everything back.
 */
export async function recordVisit(input: VisitInput): Promise<VisitOutcome> {
  const now = input.now ?? new Date();
  const random = input.random ?? cryptoRandom;
  const via = input.source === "QR" ? "QR" : "TAP";
  if (!input.tagId && !input.businessId) return { ok: false, reason: "business_not_found" };
  // The day is the business's calendar day at `now`, in its time zone as stored right now.
  const place = input.tagId
    ? `SELECT b."id", b."ownerId", b."dailyTapLimit", b."timezone", ($12::timestamptz AT TIME ZONE b."timezone")::date AS "day", t."secure"
          FROM "Tag" t JOIN "Business" b ON b."id" = t."businessId" JOIN "User" o ON o."id" = b."ownerId" AND o."disabledAt" IS NULL
          WHERE t."id" = $3::text AND ($2::text IS NULL OR b."id" = $2::text) AND ($13::text IS NULL OR ${worksAtSql("b", 13)})`
    : `SELECT b."id", b."ownerId", b."dailyTapLimit", b."timezone", ($12::timestamptz AT TIME ZONE b."timezone")::date AS "day", false AS "secure"
          FROM "Business" b JOIN "User" o ON o."id" = b."ownerId" AND o."disabledAt" IS NULL
          WHERE b."id" = $2::text AND ($13::text IS NULL OR ${worksAtSql("b", 13)})`;

  // A reward queues its jobs inside the transaction: the queue is started first,
  // never from within it (on the embedded database, one session, that would wait on itself).
  await jobQueueReady();
  try {
    return await inTransaction(async (tx) => {
      if (input.beforeVisit) await input.beforeVisit(tx);
      const [row] = await tx.query<RecordedRow>(
        `WITH place AS (
          ${place}
        ), account AS (
          SELECT "id", "birthday", "referredById", ($9::boolean AND "emailVerified" IS NULL AND NOT "guest") AS "unverified" FROM "User"
          WHERE "id" = $1::text AND "disabledAt" IS NULL AND ($8::int IS NULL OR "sessionVersion" = $8::int)
        ), customer AS (
          SELECT account."id", account."birthday", account."referredById", place."id" AS "businessId", place."day"
          FROM account, place
          WHERE NOT account."unverified" AND NOT (place."secure" AND NOT $11::boolean) AND NOT ($10::boolean AND place."ownerId" = $1::text)
        ), counted AS (
          INSERT INTO "DailyTapCount" ("userId", "businessId", "day", "count")
          SELECT "id", "businessId", "day", 1 FROM customer
          ON CONFLICT ("userId", "businessId", "day") DO UPDATE
            SET "count" = "DailyTapCount"."count" + 1
            WHERE "DailyTapCount"."count" < (SELECT "dailyTapLimit" FROM place)
          RETURNING "businessId", "day"
        ), member AS (
          INSERT INTO "Membership" ("id", "userId", "businessId", "via", "linkedAt", "visitCount", "firstVisitAt", "lastVisitAt")
          SELECT gen_random_uuid()::text, $1::text, "businessId", $4::"MembershipVia", $5::timestamp(3), 1, $5::timestamp(3), $5::timestamp(3) FROM counted
          ON CONFLICT ("userId", "businessId") DO UPDATE
            SET "visitCount" = "Membership"."visitCount" + 1,
                "firstVisitAt" = COALESCE("Membership"."firstVisitAt", EXCLUDED."firstVisitAt"),
                "lastVisitAt" = EXCLUDED."lastVisitAt"
          RETURNING "id", "businessId", "visitCount", "linkedAt", "referredById", (xmax = 0) AS "inserted"
        ), tap AS (
          INSERT INTO "Tap" ("id", "businessId", "tagId", "userId", "membershipId", "source", "day", "sunCounter", "createdAt")
          SELECT gen_random_uuid()::text, member."businessId", $3::text, $1::text, member."id", $6::"TapSource", place."day", $7::int, $5::timestamp(3)
          FROM member, place
          RETURNING "id"
        )
        SELECT
          place."id" AS "businessId",
          COALESCE(place."secure" AND NOT $11::boolean, false) AS "secureRefused",
          COALESCE($10::boolean AND place."ownerId" = $1::text, false) AS "ownBusiness",
          place."day" AS "localDate",
          place."timezone" AS "timeZone",
          (SELECT json_agg(json_build_object(${PROGRAM_JSON_FIELDS}) ORDER BY p."createdAt", p."id")
            FROM "Program" p WHERE p."businessId" = place."id" AND p."active" AND p."endedAt" IS NULL) AS "programs",
          EXISTS (SELECT 1 FROM account) AS "customerFound",
          COALESCE((SELECT "unverified" FROM account), false) AS "unverified",
          (SELECT "birthday" FROM account) AS "birthday",
          (SELECT "referredById" FROM account) AS "userReferredById",
          member."id" AS "membershipId", member."visitCount", member."linkedAt",
          member."referredById" AS "membershipReferredById", member."inserted",
          (SELECT "id" FROM tap) AS "tapId"
        FROM (SELECT 1) AS one LEFT JOIN place ON true LEFT JOIN member ON true`,
        [
          input.userId,
          input.businessId ?? null,
          input.tagId,
          via,
          now,
          input.source,
          input.sunCounter ?? null,
          input.sessionVersion ?? null,
          input.requireVerifiedEmail ?? false,
          input.refuseOwner ?? false,
          input.sunCounter !== undefined,
          now,
          input.actorId ?? null,
        ],
      );
      // The order of the refusals is the tap's: tag, secure link, own business, then the customer.
      if (!row?.businessId || !row.localDate) throw new VisitRefused("business_not_found");
      if (row.secureRefused) throw new VisitRefused("secure_tag");
      if (row.ownBusiness) return { ok: false as const, reason: "own_business" as const };
      if (!row?.customerFound) throw new VisitRefused("customer_not_found");
      if (row.unverified) return { ok: false as const, reason: "email_not_verified" as const };
      if (!row.membershipId || !row.tapId || row.visitCount === null || !row.linkedAt) {
        // The business's zone goes with the refusal: the answer says when the next visit counts.
        const refused = { ok: false as const, reason: "limit_reached" as const, timeZone: row.timeZone ?? "UTC", now };
        await finishVisit(tx, null, [], storeOf(input, refused, now));
        return refused;
      }
      const membership = {
        id: row.membershipId,
        visitCount: row.visitCount,
        linkedAt: row.linkedAt,
        inserted: Boolean(row.inserted),
      };
      const referrerId = row.membershipReferredById ?? row.userReferredById;
      const birthday = row.birthday;
      const business = { id: row.businessId };
      const localDate = row.localDate;
      const programs = (row.programs ?? []).map(programOf);

      // Read after the locks above, so a concurrent visit's progress is seen.
      const storedProgress = programs.length
        ? await tx.query<StoredProgress & { programId: string }>(
            `SELECT "programId", "count", "total", "tier", "state" FROM "Progress" WHERE "membershipId" = $1::text`,
            [membership.id],
          )
        : [];

      const outcomes: ProgramOutcome[] = [];
      const rewards: IssuedReward[] = [];
      const nextProgress: { programId: string; state: ProgressState }[] = [];
      for (const program of programs) {
        const stored = storedProgress.find((p) => p.programId === program.id);
        const result = applyVisit(program, stored ? toState(stored) : null, {
          now,
          localDate,
          isFirstVisit: membership.visitCount === 1,
          membershipLinkedAt: membership.linkedAt,
          birthday,
          random,
          referrerId,
        });
        nextProgress.push({ programId: program.id, state: result.next });
        for (let i = 0; i < result.rewardsIssued; i++) {
          rewards.push(
            await issueReward(tx, program, {
              userId: input.userId,
              membershipId: membership.id,
              tapId: row.tapId,
              now,
            }),
          );
        }
        if (result.referrerRewards && referrerId && referrerId !== input.userId) {
          await payReferrer(tx, program, referrerId, business.id, now);
        }
        outcomes.push({
          programId: program.id,
          programName: program.name,
          programType: program.type,
          rewardsIssued: result.rewardsIssued,
          summary: result.summary,
          progress: describeProgress(program.type, program.rules, result.next, localDate),
        });
      }
      const recorded = {
        ok: true as const,
        tapId: row.tapId,
        newlyLinked: membership.inserted,
        visitNumber: membership.visitCount,
        programs: outcomes,
        rewards,
        localDate,
      };
      await finishVisit(tx, membership.id, nextProgress, storeOf(input, recorded, now));
      await walletMembershipChanged(tx, membership.id);
      if (input.actorId) await auditVisit(tx, input.actorId, business.id, input.userId, recorded, now);
      return recorded;
    });
  } catch (error) {
    if (error instanceof VisitRefused) return { ok: false, reason: error.reason };
    throw error;
  }
}

/** The VISIT_RECORDED entry of a visit someone at the counter recorded: who, for whom, and what it earned. */
async function auditVisit(
  tx: SqlTx,
  actorId: string,
  businessId: string,
  customerId: string,
  visit: { tapId: string; visitNumber: number; rewards: IssuedReward[] },
  now: Date,
) {
  const [actor] = await tx.query<NameParts>(
    `SELECT "firstName", "lastName", "name" FROM "User" WHERE "id" = $1::text`,
    [actorId],
  );
  await appendAuditSql(
    tx,
    {
      businessId,
      action: "VISIT_RECORDED",
      actorId,
      actorName: actor ? displayName(actor) : null,
      customerId,
      details: { tapId: visit.tapId, visitNumber: visit.visitNumber, rewards: visit.rewards.map((r) => r.code) },
    },
    now,
  );
}

type ProgramJson = Omit<VisitProgram, "startDate" | "endDate"> & { startDate: string | null; endDate: string | null };

/** A program as json_build_object wrote it: timestamps are UTC wall time without a zone (sql.ts). */
const programOf = (p: ProgramJson): VisitProgram => ({
  ...p,
  startDate: p.startDate ? new Date(`${p.startDate}Z`) : null,
  endDate: p.endDate ? new Date(`${p.endDate}Z`) : null,
});

function toState(row: StoredProgress): ProgressState {
  return normalizeProgress({
    count: row.count,
    total: row.total,
    tier: row.tier,
    state: row.state && typeof row.state === "object" ? (row.state as Record<string, unknown>) : {},
  });
}

type AnswerStore = { userId: string; key: string; answer: StoredAnswer; now: Date };

function storeOf(input: VisitInput, outcome: VisitOutcome, now: Date): AnswerStore | null {
  if (!input.idempotency) return null;
  return { userId: input.userId, key: input.idempotency.key, answer: input.idempotency.answer(outcome), now };
}

/**
 * The visit's last statement: every program's new progress, and the answer
 * under the customer's Idempotency-Key. The key is settled by its primary key
 * (customer, key): a second request with it waits for the first one's commit,
 * then finds it taken (unless it is older than 24 hours, when it is reused)
 * and rolls its whole visit back.
 */
async function finishVisit(
  tx: SqlTx,
  membershipId: string | null,
  rows: { programId: string; state: ProgressState }[],
  store: AnswerStore | null,
) {
  if (!store) {
    if (membershipId) await saveProgressRows(tx, membershipId, rows);
    return;
  }
  const values: unknown[] = [
    store.userId,
    store.key,
    store.answer.httpStatus,
    JSON.stringify(store.answer.body),
    store.now,
    new Date(store.now.getTime() - IDEMPOTENCY_WINDOW_MS),
  ];
  const progress = membershipId && rows.length ? `progress AS (${progressUpsert(values, membershipId, rows)}), ` : "";
  const [row] = await tx.query<{ stored: boolean }>(
    `WITH ${progress}stored AS (
      INSERT INTO "TapIdempotencyKey" ("userId", "key", "status", "body", "createdAt")
      VALUES ($1::text, $2::text, $3::int, $4::json, $5::timestamp(3))
      ON CONFLICT ("userId", "key") DO UPDATE
        SET "status" = EXCLUDED."status", "body" = EXCLUDED."body", "createdAt" = EXCLUDED."createdAt"
        WHERE "TapIdempotencyKey"."createdAt" <= $6::timestamp(3)
      RETURNING 1
    )
    SELECT EXISTS (SELECT 1 FROM stored) AS "stored"`,
    values,
  );
  if (!row?.stored) throw new VisitRefused("duplicate_request");
}

/** The upsert of progress rows, its parameters appended to `values`. */
function progressUpsert(
  values: unknown[],
  membershipId: string,
  rows: { programId: string; state: ProgressState }[],
): string {
  values.push(membershipId);
  const membershipParam = values.length;
  const tuples = rows.map(({ programId, state }) => {
    const at = values.length;
    values.push(programId, state.count, state.total, state.tier, JSON.stringify(state.state));
    return `(gen_random_uuid()::text, $${membershipParam}::text, $${at + 1}::text, $${at + 2}::int, $${at + 3}::int, $${at + 4}::text, $${at + 5}::jsonb, now())`;
  });
  return `INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "tier", "state", "updatedAt")
    VALUES ${tuples.join(", ")}
    ON CONFLICT ("membershipId", "programId") DO UPDATE
      SET "count" = EXCLUDED."count", "total" = EXCLUDED."total", "tier" = EXCLUDED."tier",
          "state" = EXCLUDED."state", "updatedAt" = EXCLUDED."updatedAt"`;
}

/** Every program's new progress in one statement. */
async function saveProgressRows(tx: SqlTx, membershipId: string, rows: { programId: string; state: ProgressState }[]) {
  if (rows.length === 0) return;
  const values: unknown[] = [];
  await tx.execute(progressUpsert(values, membershipId, rows), values);
}

export type ProgramRow = Pick<
  VisitProgram,
  "id" | "businessId" | "rewardName" | "rewardDescription" | "rewardExpiryDays"
>;

/**
 * Issues one reward of `program` to a customer, with its ISSUED event, inside
 * the caller's transaction: a visit's, or an owner's adjustment
 * (lib/db/adjustments.ts), so both hand out rewards the same way.
 */
export async function issueReward(
  tx: SqlTx,
  program: ProgramRow,
  to: { userId: string; membershipId: string; tapId: string | null; now: Date },
): Promise<IssuedReward> {
  const expiresAt = program.rewardExpiryDays
    ? new Date(to.now.getTime() + program.rewardExpiryDays * 86_400_000)
    : null;
  // A code collision (1 in ~10^12 per pair) meets the unique index and inserts
  // nothing; try another code.
  for (let attempt = 0; attempt < 6; attempt++) {
    const [reward] = await tx.query<Omit<IssuedReward, "programId">>(
      `WITH reward AS (
        INSERT INTO "Reward" ("id", "code", "businessId", "programId", "membershipId", "userId", "tapId", "name", "description", "status", "issuedAt", "expiresAt")
        VALUES (gen_random_uuid()::text, $1::text, $2::text, $3::text, $4::text, $5::text, $6::text, $7::text, $8::text, 'AVAILABLE'::"RewardStatus", $9::timestamp(3), $10::timestamp(3))
        ON CONFLICT ("code") DO NOTHING
        RETURNING "id", "code", "name", "expiresAt"
      ), issued AS (
        INSERT INTO "RewardEvent" ("id", "rewardId", "type", "createdAt")
        SELECT gen_random_uuid()::text, "id", 'ISSUED'::"RewardEventType", $9::timestamp(3) FROM reward
      )
      SELECT * FROM reward`,
      [
        generateRewardCode(),
        program.businessId,
        program.id,
        to.membershipId,
        to.userId,
        to.tapId,
        program.rewardName,
        program.rewardDescription,
        to.now,
        expiresAt,
      ],
    );
    if (reward) {
      await rewardIssued(tx, { id: reward.id, userId: to.userId, businessId: program.businessId });
      return { ...reward, programId: program.id };
    }
  }
  throw new Error("could not find a free reward code");
}

/** The friend who brought this newcomer earns the referral reward (once; the rule guarantees it). */
async function payReferrer(tx: SqlTx, program: ProgramRow, referrerId: string, businessId: string, now: Date) {
  const [membership] = await tx.query<{ id: string }>(
    `INSERT INTO "Membership" ("id", "userId", "businessId", "via", "linkedAt")
    VALUES (gen_random_uuid()::text, $1::text, $2::text, 'REFERRAL'::"MembershipVia", $3::timestamp(3))
    ON CONFLICT ("userId", "businessId") DO UPDATE SET "userId" = EXCLUDED."userId"
    RETURNING "id"`,
    [referrerId, businessId, now],
  );
  if (!membership) return;
  const [stored] = await tx.query<StoredProgress>(
    `SELECT "count", "total", "tier", "state" FROM "Progress" WHERE "membershipId" = $1::text AND "programId" = $2::text FOR UPDATE`,
    [membership.id, program.id],
  );
  await saveProgressRows(tx, membership.id, [
    { programId: program.id, state: creditReferrer(stored ? toState(stored) : normalizeProgress(null)) },
  ]);
  await issueReward(tx, program, { userId: referrerId, membershipId: membership.id, tapId: null, now });
  await walletMembershipChanged(tx, membership.id);
}
