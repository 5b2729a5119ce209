import "server-only";
import { appendAuditSql } from "@/lib/db/audit";
import { worksAtLocationPart, worksAtPart } from "@/lib/db/business-access";
import { closedPart } from "@/lib/db/season-pause";
import { inTransaction, queryRows, raw, sql, type InTransaction, type SqlTx } from "@/lib/db/sql";
import type { CardChange, IssuedReward, StoredProgress } from "@/lib/db/visit-types";
import { issueReward, type ProgramRow } from "@/lib/db/visits";
import {
  earnSpendPoints,
  MAX_REWARDS_PER_PURCHASE,
  normalizeProgress,
  pointsDebt,
  pointsForAmount,
  pointsToTakeBack,
  spendRuleOf,
  takeBackSpendPoints,
  type ProgressState,
  type SpendRule,
} from "@/lib/loyalty";
import { localDateIn } from "@/lib/time/local-date";
import { displayName, type NameParts } from "@/lib/users/display-name";

// The transactions of a purchase and of its refund (docs/purchases.md). The
// rules are lib/loyalty/spend.ts; the domain entry points are
// lib/purchases/record-purchase.ts and lib/purchases/refund-purchase.ts.

/** Who records a purchase or a refund: someone at the counter (the owner or a staff member), or an API key. */
export type PurchaseActor = { kind: "user"; id: string } | { kind: "api-key"; id: string };

/** The customer: their card at the business, or their account (linked to the business when it is not yet). */
export type PurchaseCustomer = { membershipId: string } | { userId: string };

/** What each program gave for a purchase, with its rule as it stood then: a refund takes back by that rule. */
export type PurchaseEarning = SpendRule & {
  programId: string;
  programName: string;
  points: number;
  rewards: number;
  /** The rewards the points completed (a replay answers with them). */
  rewardIds?: string[];
};

export type PurchaseRow = {
  id: string;
  businessId: string;
  membershipId: string | null;
  amountCents: number;
  refundedCents: number;
  currency: string;
  receipt: string | null;
  earned: PurchaseEarning[];
  points: number;
  actorKind: string;
  /** Where it was bought: the counter's or the API's location; null when none was named. */
  locationId: string | null;
  createdAt: Date;
};

export type PurchaseRequest = {
  businessId: string;
  customer: PurchaseCustomer;
  amountCents: number;
  receipt: string | null;
  /** The currency of the business's amounts, from its settings (lib/purchases/money.ts). */
  currencyOf: (settings: unknown) => string;
  actor: PurchaseActor;
  /**
   * Where it is bought (docs/locations.md, "The counter"): an open location of
   * the business (else location_not_found), where someone at the counter
   * works (else business_not_found, as for a business they do not work at);
   * null: none, which staff limited to some locations may not record.
   */
  locationId?: string | null;
};

export type PurchaseRefusal =
  | "business_not_found"
  | "location_not_found"
  | "customer_not_found"
  | "own_card"
  | "receipt_taken"
  | "too_many_rewards";

export type PurchaseOutcome =
  | {
      ok: true;
      /** true: this receipt had already earned; nothing new was written and this is the first purchase. */
      replayed: boolean;
      purchase: PurchaseRow;
      rewards: Pick<IssuedReward, "id" | "code" | "name">[];
      customerId: string | null;
    }
  | { ok: false; reason: PurchaseRefusal }
  /** Closed for the season (docs/business-lifecycle.md): nothing is written. */
  | { ok: false; reason: "business_closed"; businessName: string; until: string | null };

const PURCHASE_COLUMNS = `p."id", p."businessId", p."membershipId", p."amountCents", p."refundedCents", p."currency", p."receipt", p."earned", p."points", p."actorKind", p."locationId", p."createdAt"`;

type Actor = { kind: "owner" | "staff" | "api-key"; id: string; name: string | null };

/**
 * The business, when the actor may record there: its owner or staff (the
 * statement checks, as every counter query does), or an API key the caller has
 * already authenticated for this business. A purchase is recorded `at` a
 * location (or none): staff limited to some locations may record only at
 * theirs, and `locationOpen` says whether the one named is an open location of
 * the business. A refund (`at` null) is not tied to a location.
 */
async function findBusiness(
  tx: SqlTx,
  businessId: string,
  actor: PurchaseActor,
  now: Date,
  at: { locationId: string | null } | null = null,
): Promise<{
  business: {
    id: string;
    name: string;
    timezone: string;
    settings: unknown;
    closed: boolean;
    pausedUntil: string | null;
  };
  actor: Actor;
  locationOpen: boolean;
} | null> {
  const userId = actor.kind === "user" ? actor.id : null;
  const locationId = at?.locationId ?? null;
  const works = at ? worksAtLocationPart("b", userId, sql`${locationId}::text`) : worksAtPart("b", userId);
  const [row] = await tx.query<{
    id: string;
    name: string;
    timezone: string;
    settings: unknown;
    closed: boolean;
    pausedUntil: string | null;
    owner: boolean;
    actor: NameParts | null;
    locationOpen: boolean;
  }>(
    sql`SELECT b."id", b."name", b."timezone", b."settings", ${closedPart("b", now)} AS "closed", b."pausedUntil",
        b."ownerId" = ${userId}::text AS "owner",
        (SELECT json_build_object('firstName', a."firstName", 'lastName', a."lastName", 'name', a."name") FROM "User" a WHERE a."id" = ${userId}::text) AS "actor",
        EXISTS (SELECT 1 FROM "Location" l WHERE l."id" = ${locationId}::text AND l."businessId" = b."id" AND l."closedAt" IS NULL) AS "locationOpen"
      FROM "Business" b
      WHERE b."id" = ${businessId}::text AND (${userId === null}::boolean OR ${works})`,
  );
  if (!row) return null;
  const business = {
    id: row.id,
    name: row.name,
    timezone: row.timezone,
    settings: row.settings,
    closed: row.closed,
    pausedUntil: row.pausedUntil,
  };
  const { locationOpen } = row;
  if (actor.kind === "api-key") return { business, actor: { kind: "api-key", id: actor.id, name: null }, locationOpen };
  return {
    business,
    actor: { kind: row.owner ? "owner" : "staff", id: actor.id, name: row.actor ? displayName(row.actor) : null },
    locationOpen,
  };
}

/** The customer's card at the business, locked to the end of the transaction (as a visit locks it). */
async function lockMembership(
  tx: SqlTx,
  businessId: string,
  customer: PurchaseCustomer,
  actor: PurchaseActor,
): Promise<{ id: string; userId: string } | PurchaseRefusal> {
  if ("userId" in customer) {
    if (actor.kind === "user" && actor.id === customer.userId) return "own_card";
    // A customer shown at the counter who has no card yet gets one, as a visit recorded from their QR does.
    await tx.execute(
      sql`INSERT INTO "Membership" ("id", "userId", "businessId", "via")
        SELECT gen_random_uuid()::text, u."id", ${businessId}::text, 'QR'::"MembershipVia"
        FROM "User" u WHERE u."id" = ${customer.userId}::text AND u."disabledAt" IS NULL
        ON CONFLICT ("userId", "businessId") DO NOTHING`,
    );
  }
  const byUser = "userId" in customer ? customer.userId : null;
  const byId = "membershipId" in customer ? customer.membershipId : null;
  const [membership] = await tx.query<{ id: string; userId: string }>(
    sql`SELECT m."id", m."userId" FROM "Membership" m JOIN "User" u ON u."id" = m."userId"
      WHERE m."businessId" = ${businessId}::text AND u."disabledAt" IS NULL
        AND (m."userId" = ${byUser}::text OR m."id" = ${byId}::text)
      FOR UPDATE OF m`,
  );
  if (!membership) return "customer_not_found";
  if (actor.kind === "user" && actor.id === membership.userId) return "own_card";
  return membership;
}

type SpendProgram = ProgramRow & { name: string; rule: SpendRule };

/** Program p runs at the location (docs/locations.md): at every one, or it is listed; at none, only the former. */
const runsAt = (locationId: string | null) =>
  sql`(p."allLocations" OR EXISTS (SELECT 1 FROM "ProgramLocation" pl WHERE pl."programId" = p."id" AND pl."locationId" = ${locationId}::text))`;

/**
 * The business's running points programs that give points for spending, on
 * the business's local day, that run at the purchase's location (as a visit
 * applies the programs that run where it is).
 */
async function spendPrograms(
  tx: SqlTx,
  businessId: string,
  localDate: string,
  locationId: string | null,
): Promise<SpendProgram[]> {
  const rows = await tx.query<ProgramRow & { name: string; type: string; rules: unknown }>(
    sql`SELECT p."id", p."businessId", p."type", p."name", p."rules", p."rewardName", p."rewardDescription", p."rewardExpiryDays"
      FROM "Program" p
      WHERE p."businessId" = ${businessId}::text AND p."type" = 'points' AND p."active" AND p."endedAt" IS NULL
        AND (p."startDate" IS NULL OR p."startDate"::date <= ${localDate}::date)
        AND (p."endDate" IS NULL OR p."endDate"::date >= ${localDate}::date)
        AND ${runsAt(locationId)}
      ORDER BY p."createdAt", p."id"`,
  );
  return rows.flatMap((row) => {
    const rule = spendRuleOf(row);
    return rule ? [{ ...row, rule }] : [];
  });
}

async function lockProgress(tx: SqlTx, membershipId: string, programId: string): Promise<ProgressState | null> {
  const [stored] = await tx.query<StoredProgress>(
    sql`SELECT "count", "total", "tier", "state" FROM "Progress" WHERE "membershipId" = ${membershipId}::text AND "programId" = ${programId}::text FOR UPDATE`,
  );
  return stored ? normalizeProgress(stored) : null;
}

async function saveProgress(tx: SqlTx, membershipId: string, programId: string, next: ProgressState, now: Date) {
  await tx.execute(
    sql`INSERT INTO "Progress" ("id", "membershipId", "programId", "count", "total", "tier", "state", "updatedAt")
      VALUES (gen_random_uuid()::text, ${membershipId}::text, ${programId}::text, ${next.count}::int, ${next.total}::int, ${next.tier}::text, ${JSON.stringify(next.state)}::jsonb, ${now}::timestamp(3))
      ON CONFLICT ("membershipId", "programId") DO UPDATE
        SET "count" = EXCLUDED."count", "total" = EXCLUDED."total", "state" = EXCLUDED."state", "updatedAt" = EXCLUDED."updatedAt"`,
  );
}

async function findPurchase(tx: SqlTx, businessId: string, where: { id: string } | { receipt: string }) {
  const id = "id" in where ? where.id : null;
  const receipt = "receipt" in where ? where.receipt : null;
  const [row] = await tx.query<PurchaseRow>(
    `SELECT ${PURCHASE_COLUMNS} FROM "Purchase" p
     WHERE p."businessId" = $1::text AND (p."id" = $2::text OR p."receipt" = $3::text)`,
    [businessId, id, receipt],
  );
  return row ?? null;
}

async function rewardsOfPurchase(tx: SqlTx, purchase: PurchaseRow) {
  const ids = purchase.earned.flatMap((e) => e.rewardIds ?? []);
  if (ids.length === 0) return [];
  return tx.query<Pick<IssuedReward, "id" | "code" | "name">>(
    sql`SELECT "id", "code", "name" FROM "Reward" WHERE "id" = ANY(${ids}::text[]) ORDER BY "issuedAt", "id"`,
  );
}

/**
 * Records a purchase and its points in ONE transaction: the actor's access
 * (in the statement), the customer's card locked as a visit locks it, the
 * purchase row (whose unique receipt per business makes one receipt earn
 * once: a receipt seen before answers with that first purchase and writes
 * nothing), the progress of every points program that gives points for
 * spending, the rewards it completes (the visit's own issueReward), the
 * PURCHASE_RECORDED audit entry, and each reward and the changed card
 * announced to `announce` there. A purchase is not a visit: no Tap, no daily limit.
 */
export async function writePurchase(
  request: PurchaseRequest,
  announce: InTransaction<CardChange>,
  now: Date,
): Promise<PurchaseOutcome> {
  const locationId = request.locationId ?? null;
  return inTransaction(async (tx) => {
    const found = await findBusiness(tx, request.businessId, request.actor, now, { locationId });
    if (!found) return { ok: false, reason: "business_not_found" };
    if (locationId && !found.locationOpen) return { ok: false, reason: "location_not_found" };
    const { business, actor } = found;
    if (business.closed)
      return { ok: false, reason: "business_closed", businessName: business.name, until: business.pausedUntil };
    const membership = await lockMembership(tx, business.id, request.customer, request.actor);
    if (typeof membership === "string") return { ok: false, reason: membership };

    const currency = request.currencyOf(business.settings);
    const localDate = localDateIn(business.timezone, now);
    const programs = await spendPrograms(tx, business.id, localDate, locationId);
    const changes: { program: SpendProgram; points: number; next: ProgressState; rewardsIssued: number }[] = [];
    for (const program of programs) {
      const points = pointsForAmount(program.rule, request.amountCents, currency);
      const before = (await lockProgress(tx, membership.id, program.id)) ?? normalizeProgress(null);
      if (points === 0 && pointsDebt(before) === 0) continue;
      changes.push({ program, points, ...earnSpendPoints(before, program.rule, points) });
    }
    const rewardCount = changes.reduce((sum, change) => sum + change.rewardsIssued, 0);
    if (rewardCount > MAX_REWARDS_PER_PURCHASE) return { ok: false, reason: "too_many_rewards" };

    const earned = changes.map((c) => ({
      programId: c.program.id,
      programName: c.program.name,
      ...c.program.rule,
      points: c.points,
      rewards: c.rewardsIssued,
    }));
    const points = earned.reduce((sum, e) => sum + e.points, 0);
    const [inserted] = await tx.query<PurchaseRow>(
      sql`INSERT INTO "Purchase" ("id", "businessId", "membershipId", "locationId", "amountCents", "currency", "receipt", "earned", "points", "actorKind", "actorId", "createdAt")
        VALUES (gen_random_uuid()::text, ${business.id}::text, ${membership.id}::text, ${locationId}::text, ${request.amountCents}::int, ${currency}::text, ${request.receipt}::text, ${JSON.stringify(earned)}::jsonb, ${points}::int, ${actor.kind}::text, ${actor.id}::text, ${now}::timestamp(3))
        ON CONFLICT ("businessId", "receipt") DO NOTHING
        RETURNING "id"`,
    );
    if (!inserted) {
      // The receipt earned before (a retry, or a twin request that committed first).
      const first = request.receipt ? await findPurchase(tx, business.id, { receipt: request.receipt }) : null;
      if (!first || first.membershipId !== membership.id || first.amountCents !== request.amountCents)
        return { ok: false, reason: "receipt_taken" };
      return {
        ok: true,
        replayed: true,
        purchase: first,
        rewards: await rewardsOfPurchase(tx, first),
        customerId: membership.userId,
      };
    }

    const rewards: IssuedReward[] = [];
    const withRewards: PurchaseEarning[] = [];
    for (const [index, change] of changes.entries()) {
      await saveProgress(tx, membership.id, change.program.id, change.next, now);
      const issued: IssuedReward[] = [];
      for (let i = 0; i < change.rewardsIssued; i++)
        issued.push(
          await issueReward(
            tx,
            change.program,
            { userId: membership.userId, membershipId: membership.id, tapId: null, now },
            announce,
          ),
        );
      rewards.push(...issued);
      withRewards.push({ ...earned[index]!, rewardIds: issued.map((r) => r.id) });
    }
    if (rewards.length > 0)
      await tx.execute(
        sql`UPDATE "Purchase" SET "earned" = ${JSON.stringify(withRewards)}::jsonb WHERE "id" = ${inserted.id}::text`,
      );
    if (changes.length > 0) await announce(tx, { kind: "card-changed", membershipId: membership.id });
    const purchase = (await findPurchase(tx, business.id, { id: inserted.id }))!;
    await appendAuditSql(
      tx,
      {
        businessId: business.id,
        action: "PURCHASE_RECORDED",
        actorId: actor.id,
        actorName: actor.name,
        customerId: membership.userId,
        details: {
          actorKind: actor.kind,
          purchaseId: purchase.id,
          amountCents: request.amountCents,
          currency,
          receipt: request.receipt,
          locationId,
          points,
          programs: earned.map((e) => ({ id: e.programId, name: e.programName, points: e.points })),
          rewards: rewards.map((r) => r.code),
        },
      },
      now,
    );
    return {
      ok: true,
      replayed: false,
      purchase,
      rewards: rewards.map(({ id, code, name }) => ({ id, code, name })),
      customerId: membership.userId,
    };
  });
}

export type RefundRequest = {
  businessId: string;
  purchaseId: string;
  /** null: whatever has not been refunded yet. */
  amountCents: number | null;
  /** The refund's idempotency key: the same key on the same purchase refunds once. */
  key: string;
  actor: PurchaseActor;
};

export type RefundTaken = { programId: string; points: number; debt: number };

export type RefundRow = {
  id: string;
  purchaseId: string;
  amountCents: number;
  points: number;
  takenBack: RefundTaken[];
  createdAt: Date;
};

export type RefundRefusal = "business_not_found" | "purchase_not_found" | "nothing_to_refund" | "too_much";

export type RefundOutcome =
  { ok: true; replayed: boolean; refund: RefundRow; purchase: PurchaseRow } | { ok: false; reason: RefundRefusal };

async function findRefund(tx: SqlTx, purchaseId: string, key: string): Promise<RefundRow | null> {
  const [row] = await tx.query<RefundRow>(
    sql`SELECT "id", "purchaseId", "amountCents", "points", "takenBack", "createdAt" FROM "PurchaseRefund"
      WHERE "purchaseId" = ${purchaseId}::text AND "key" = ${key}::text`,
  );
  return row ?? null;
}

/**
 * Refunds a purchase, whole or in part, in ONE transaction: the card locked
 * first (as a visit and a purchase lock it), then the purchase; the points each
 * program gave are taken back by the rule the purchase earned under
 * (pointsToTakeBack); what the balance lacks becomes a debt the next points pay
 * (lib/loyalty/points.ts), and no reward is ever taken back. The refunded
 * total is raised by a conditional UPDATE under the purchase's CHECK, so
 * refunds never exceed the amount; the refund's key is unique per purchase, so
 * the same refund sent twice changes nothing the second time.
 */
export async function writeRefund(
  request: RefundRequest,
  announce: InTransaction<CardChange>,
  now: Date,
): Promise<RefundOutcome> {
  return inTransaction(async (tx) => {
    // A refund takes back what a purchase gave: it is taken while closed for the season too.
    const found = await findBusiness(tx, request.businessId, request.actor, now);
    if (!found) return { ok: false, reason: "business_not_found" };
    const { business, actor } = found;
    const seen = await findPurchase(tx, business.id, { id: request.purchaseId });
    if (!seen) return { ok: false, reason: "purchase_not_found" };
    const [membership] = seen.membershipId
      ? await tx.query<{ id: string; userId: string }>(
          sql`SELECT "id", "userId" FROM "Membership" WHERE "id" = ${seen.membershipId}::text FOR UPDATE`,
        )
      : [];
    await tx.execute(sql`SELECT 1 FROM "Purchase" WHERE "id" = ${seen.id}::text FOR UPDATE`);
    const purchase = (await findPurchase(tx, business.id, { id: seen.id }))!;
    const earlier = await findRefund(tx, purchase.id, request.key);
    if (earlier) return { ok: true, replayed: true, refund: earlier, purchase };

    const left = purchase.amountCents - purchase.refundedCents;
    if (left === 0) return { ok: false, reason: "nothing_to_refund" };
    const amount = request.amountCents ?? left;
    if (amount > left) return { ok: false, reason: "too_much" };

    const takenBack: RefundTaken[] = [];
    for (const earning of purchase.earned) {
      const points = pointsToTakeBack(
        earning,
        purchase.amountCents,
        purchase.refundedCents,
        purchase.refundedCents + amount,
        purchase.currency,
      );
      if (points === 0 || !membership) continue;
      const before = await lockProgress(tx, membership.id, earning.programId);
      // The program was deleted with its progress: nothing is left to take back.
      if (!before) continue;
      const next = takeBackSpendPoints(before, points);
      await saveProgress(tx, membership.id, earning.programId, next, now);
      takenBack.push({ programId: earning.programId, points, debt: pointsDebt(next) });
    }
    const points = takenBack.reduce((sum, t) => sum + t.points, 0);
    const raised = await tx.execute(
      sql`UPDATE "Purchase" SET "refundedCents" = "refundedCents" + ${amount}::int
        WHERE "id" = ${purchase.id}::text AND "refundedCents" + ${amount}::int <= "amountCents"`,
    );
    if (raised !== 1) return { ok: false, reason: "too_much" };
    const [refund] = await tx.query<RefundRow>(
      sql`INSERT INTO "PurchaseRefund" ("id", "purchaseId", "key", "amountCents", "takenBack", "points", "actorKind", "actorId", "createdAt")
        VALUES (gen_random_uuid()::text, ${purchase.id}::text, ${request.key}::text, ${amount}::int, ${JSON.stringify(takenBack)}::jsonb, ${points}::int, ${actor.kind}::text, ${actor.id}::text, ${now}::timestamp(3))
        RETURNING "id", "purchaseId", "amountCents", "points", "takenBack", "createdAt"`,
    );
    if (takenBack.length > 0 && membership) await announce(tx, { kind: "card-changed", membershipId: membership.id });
    await appendAuditSql(
      tx,
      {
        businessId: business.id,
        action: "PURCHASE_REFUNDED",
        actorId: actor.id,
        actorName: actor.name,
        customerId: membership?.userId ?? null,
        details: {
          actorKind: actor.kind,
          purchaseId: purchase.id,
          refundId: refund!.id,
          amountCents: amount,
          currency: purchase.currency,
          receipt: purchase.receipt,
          points,
          takenBack: takenBack.map((t) => ({ programId: t.programId, points: t.points, debt: t.debt })),
        },
      },
      now,
    );
    return {
      ok: true,
      replayed: false,
      refund: refund!,
      purchase: { ...purchase, refundedCents: purchase.refundedCents + amount },
    };
  });
}

export type PurchaseListItem = PurchaseRow & { refunds: { amountCents: number; points: number }[] };

/** A customer's purchases at a business the viewer works at, newest first (the card's history). */
export async function listCustomerPurchases(
  viewerId: string,
  businessId: string,
  customerId: string,
  limit = 20,
): Promise<PurchaseListItem[]> {
  return queryRows<PurchaseListItem>(
    sql`SELECT ${raw(PURCHASE_COLUMNS)},
          COALESCE((SELECT json_agg(json_build_object('amountCents', r."amountCents", 'points', r."points") ORDER BY r."createdAt")
                    FROM "PurchaseRefund" r WHERE r."purchaseId" = p."id"), '[]'::json) AS "refunds"
        FROM "Purchase" p
        JOIN "Membership" m ON m."id" = p."membershipId"
        JOIN "Business" b ON b."id" = p."businessId"
        WHERE p."businessId" = ${businessId}::text AND m."userId" = ${customerId}::text AND ${worksAtPart("b", viewerId)}
        ORDER BY p."createdAt" DESC, p."id" DESC
        LIMIT ${limit}::int`,
  );
}

/** A running points program as the counter previews it; `locationIds` null: it runs at every location. */
export type CounterSpendProgram = {
  id: string;
  name: string;
  type: string;
  rules: unknown;
  locationIds: string[] | null;
};

/** What the counter needs to preview a purchase at a business the viewer works at: its settings and running points programs. */
export async function findCounterSpend(
  viewerId: string,
  businessId: string,
): Promise<{ settings: unknown; programs: CounterSpendProgram[] } | null> {
  const [row] = await queryRows<{ settings: unknown; programs: CounterSpendProgram[] }>(
    sql`SELECT b."settings",
        COALESCE((SELECT json_agg(json_build_object('id', p."id", 'name', p."name", 'type', p."type", 'rules', p."rules",
                    'locationIds', CASE WHEN p."allLocations" THEN NULL
                      ELSE (SELECT COALESCE(json_agg(pl."locationId"), '[]'::json) FROM "ProgramLocation" pl WHERE pl."programId" = p."id") END)
                  ORDER BY p."createdAt", p."id")
                  FROM "Program" p WHERE p."businessId" = b."id" AND p."type" = 'points' AND p."active" AND p."endedAt" IS NULL), '[]'::json) AS "programs"
      FROM "Business" b WHERE b."id" = ${businessId}::text AND ${worksAtPart("b", viewerId)}`,
  );
  return row ?? null;
}
