-- CreateTable
CREATE TABLE "BusinessDailyStat" (
    "businessId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,
    "newCustomers" INTEGER NOT NULL DEFAULT 0,
    "rewardsIssued" INTEGER NOT NULL DEFAULT 0,
    "rewardsRedeemed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BusinessDailyStat_pkey" PRIMARY KEY ("businessId","day")
);

-- CreateTable
CREATE TABLE "BusinessHourlyVisits" (
    "businessId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "hour" SMALLINT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "BusinessHourlyVisits_pkey" PRIMARY KEY ("businessId","day","hour")
);

-- CreateTable
CREATE TABLE "ProgramDailyStat" (
    "programId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "completions" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "ProgramDailyStat_pkey" PRIMARY KEY ("programId","day")
);

-- CreateIndex
CREATE INDEX "ProgramDailyStat_businessId_day_idx" ON "ProgramDailyStat"("businessId", "day");

-- AddForeignKey
ALTER TABLE "BusinessDailyStat" ADD CONSTRAINT "BusinessDailyStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "BusinessHourlyVisits" ADD CONSTRAINT "BusinessHourlyVisits_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProgramDailyStat" ADD CONSTRAINT "ProgramDailyStat_programId_fkey" FOREIGN KEY ("programId") REFERENCES "Program"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProgramDailyStat" ADD CONSTRAINT "ProgramDailyStat_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Insights rollups (docs/owner-tools.md, "Insights"). Triggers keep the counts in
-- the transaction of the write they count, whichever code wrote it. They are
-- constraint triggers, DEFERRABLE INITIALLY DEFERRED: they run at COMMIT, after
-- every other statement of the transaction, so the hot row of a business's day is
-- locked only for the commit itself and never before a lock the transaction takes
-- later (no lock cycle with a tap's membership or progress rows). A failure there
-- still rolls the whole transaction back: the counts stay exact.
-- Deleting rows changes no count: the rollups record what happened (a deleted
-- account's visits stay counted, as its taps stay). Deleting a business or a
-- program deletes its rows by cascade.

-- The local day of a UTC wall-clock timestamp in the zone `tz`.
CREATE FUNCTION "insights_local_day"(ts TIMESTAMP(3), tz TEXT) RETURNS DATE LANGUAGE sql STABLE AS $$
  SELECT ((ts AT TIME ZONE 'UTC') AT TIME ZONE tz)::date
$$;

CREATE FUNCTION "insights_bump_day"(business TEXT, d DATE, visits INT, new_customers INT, issued INT, redeemed INT)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "BusinessDailyStat" ("businessId", "day", "visits", "newCustomers", "rewardsIssued", "rewardsRedeemed")
  VALUES (business, d, visits, new_customers, issued, redeemed)
  ON CONFLICT ("businessId", "day") DO UPDATE SET
    "visits" = "BusinessDailyStat"."visits" + EXCLUDED."visits",
    "newCustomers" = "BusinessDailyStat"."newCustomers" + EXCLUDED."newCustomers",
    "rewardsIssued" = "BusinessDailyStat"."rewardsIssued" + EXCLUDED."rewardsIssued",
    "rewardsRedeemed" = "BusinessDailyStat"."rewardsRedeemed" + EXCLUDED."rewardsRedeemed"
$$;

-- A visit counts on the tap's own local day (Tap.day) and the local hour of its time.
CREATE FUNCTION "insights_count_tap"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz TEXT;
BEGIN
  SELECT "timezone" INTO tz FROM "Business" WHERE "id" = NEW."businessId";
  IF NOT FOUND THEN RETURN NULL; END IF; -- the business was deleted in the same transaction
  PERFORM "insights_bump_day"(NEW."businessId", NEW."day", 1, 0, 0, 0);
  INSERT INTO "BusinessHourlyVisits" ("businessId", "day", "hour", "visits")
  VALUES (NEW."businessId", NEW."day", EXTRACT(HOUR FROM (NEW."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE tz)::smallint, 1)
  ON CONFLICT ("businessId", "day", "hour") DO UPDATE SET "visits" = "BusinessHourlyVisits"."visits" + 1;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER "Tap_insights" AFTER INSERT ON "Tap"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "insights_count_tap"();

-- A new customer counts on the local day of the membership's first visit; a
-- first visit set later (a membership made by a referral or the card sign-up,
-- visited afterwards) counts then; a changed one moves.
CREATE FUNCTION "insights_count_first_visit"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz TEXT;
BEGIN
  SELECT "timezone" INTO tz FROM "Business" WHERE "id" = NEW."businessId";
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND OLD."firstVisitAt" IS NOT NULL THEN
    PERFORM "insights_bump_day"(OLD."businessId", "insights_local_day"(OLD."firstVisitAt", tz), 0, -1, 0, 0);
  END IF;
  IF NEW."firstVisitAt" IS NOT NULL THEN
    PERFORM "insights_bump_day"(NEW."businessId", "insights_local_day"(NEW."firstVisitAt", tz), 0, 1, 0, 0);
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER "Membership_insights_insert" AFTER INSERT ON "Membership"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."firstVisitAt" IS NOT NULL)
  EXECUTE FUNCTION "insights_count_first_visit"();

-- WHEN is checked as the row changes: a visit's own bump of visitCount queues nothing.
CREATE CONSTRAINT TRIGGER "Membership_insights_update" AFTER UPDATE OF "firstVisitAt" ON "Membership"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."firstVisitAt" IS DISTINCT FROM NEW."firstVisitAt")
  EXECUTE FUNCTION "insights_count_first_visit"();

-- A reward counts as issued on the local day of issuedAt (and as its program's
-- completion), and as redeemed on the local day of redeemedAt. Undoing a
-- redemption (redeemedAt back to NULL) takes it off the day it was redeemed.
CREATE FUNCTION "insights_count_reward"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz TEXT;
BEGIN
  SELECT "timezone" INTO tz FROM "Business" WHERE "id" = NEW."businessId";
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND OLD."issuedAt" IS DISTINCT FROM NEW."issuedAt" THEN
    PERFORM "insights_bump_day"(OLD."businessId", "insights_local_day"(OLD."issuedAt", tz), 0, 0, -1, 0);
    IF OLD."programId" IS NOT NULL AND EXISTS (SELECT 1 FROM "Program" WHERE "id" = OLD."programId") THEN
      INSERT INTO "ProgramDailyStat" ("programId", "businessId", "day", "completions")
      VALUES (OLD."programId", OLD."businessId", "insights_local_day"(OLD."issuedAt", tz), -1)
      ON CONFLICT ("programId", "day") DO UPDATE SET "completions" = "ProgramDailyStat"."completions" - 1;
    END IF;
  END IF;
  IF TG_OP = 'INSERT' OR OLD."issuedAt" IS DISTINCT FROM NEW."issuedAt" THEN
    PERFORM "insights_bump_day"(NEW."businessId", "insights_local_day"(NEW."issuedAt", tz), 0, 0, 1, 0);
    IF NEW."programId" IS NOT NULL AND EXISTS (SELECT 1 FROM "Program" WHERE "id" = NEW."programId") THEN
      INSERT INTO "ProgramDailyStat" ("programId", "businessId", "day", "completions")
      VALUES (NEW."programId", NEW."businessId", "insights_local_day"(NEW."issuedAt", tz), 1)
      ON CONFLICT ("programId", "day") DO UPDATE SET "completions" = "ProgramDailyStat"."completions" + 1;
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."redeemedAt" IS NOT NULL AND OLD."redeemedAt" IS DISTINCT FROM NEW."redeemedAt" THEN
    PERFORM "insights_bump_day"(OLD."businessId", "insights_local_day"(OLD."redeemedAt", tz), 0, 0, 0, -1);
  END IF;
  IF NEW."redeemedAt" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."redeemedAt" IS DISTINCT FROM NEW."redeemedAt") THEN
    PERFORM "insights_bump_day"(NEW."businessId", "insights_local_day"(NEW."redeemedAt", tz), 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER "Reward_insights_insert" AFTER INSERT ON "Reward"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW EXECUTE FUNCTION "insights_count_reward"();

CREATE CONSTRAINT TRIGGER "Reward_insights_update" AFTER UPDATE OF "issuedAt", "redeemedAt" ON "Reward"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (OLD."issuedAt" IS DISTINCT FROM NEW."issuedAt" OR OLD."redeemedAt" IS DISTINCT FROM NEW."redeemedAt")
  EXECUTE FUNCTION "insights_count_reward"();

-- Backfill from the rows already there, each in its business's zone.
INSERT INTO "BusinessDailyStat" ("businessId", "day", "visits", "newCustomers", "rewardsIssued", "rewardsRedeemed")
SELECT "businessId", "day", SUM("v")::int, SUM("n")::int, SUM("i")::int, SUM("r")::int
FROM (
  SELECT t."businessId", t."day", 1 AS "v", 0 AS "n", 0 AS "i", 0 AS "r" FROM "Tap" t
  UNION ALL
  SELECT m."businessId", "insights_local_day"(m."firstVisitAt", b."timezone"), 0, 1, 0, 0
    FROM "Membership" m JOIN "Business" b ON b."id" = m."businessId" WHERE m."firstVisitAt" IS NOT NULL
  UNION ALL
  SELECT r."businessId", "insights_local_day"(r."issuedAt", b."timezone"), 0, 0, 1, 0
    FROM "Reward" r JOIN "Business" b ON b."id" = r."businessId"
  UNION ALL
  SELECT r."businessId", "insights_local_day"(r."redeemedAt", b."timezone"), 0, 0, 0, 1
    FROM "Reward" r JOIN "Business" b ON b."id" = r."businessId" WHERE r."redeemedAt" IS NOT NULL
) AS events
GROUP BY "businessId", "day";

INSERT INTO "BusinessHourlyVisits" ("businessId", "day", "hour", "visits")
SELECT t."businessId", t."day", EXTRACT(HOUR FROM (t."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE b."timezone")::smallint, COUNT(*)::int
FROM "Tap" t JOIN "Business" b ON b."id" = t."businessId"
GROUP BY 1, 2, 3;

INSERT INTO "ProgramDailyStat" ("programId", "businessId", "day", "completions")
SELECT r."programId", r."businessId", "insights_local_day"(r."issuedAt", b."timezone"), COUNT(*)::int
FROM "Reward" r JOIN "Business" b ON b."id" = r."businessId" JOIN "Program" p ON p."id" = r."programId"
GROUP BY 1, 2, 3;
