-- CreateTable
CREATE TABLE "LocationDailyStat" (
    "locationId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,
    "newCustomers" INTEGER NOT NULL DEFAULT 0,
    "rewardsIssued" INTEGER NOT NULL DEFAULT 0,
    "rewardsRedeemed" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "LocationDailyStat_pkey" PRIMARY KEY ("locationId","day")
);

-- CreateTable
CREATE TABLE "LocationHourlyVisits" (
    "locationId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "hour" SMALLINT NOT NULL,
    "visits" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "LocationHourlyVisits_pkey" PRIMARY KEY ("locationId","day","hour")
);

-- CreateTable
CREATE TABLE "LocationProgramDailyStat" (
    "locationId" TEXT NOT NULL,
    "programId" TEXT NOT NULL,
    "day" DATE NOT NULL,
    "completions" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "LocationProgramDailyStat_pkey" PRIMARY KEY ("locationId","day","programId")
);

-- CreateIndex
CREATE INDEX "LocationProgramDailyStat_programId_idx" ON "LocationProgramDailyStat"("programId");

-- CreateIndex
CREATE INDEX "Tap_membershipId_locationId_idx" ON "Tap"("membershipId", "locationId");

-- AddForeignKey
ALTER TABLE "LocationDailyStat" ADD CONSTRAINT "LocationDailyStat_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LocationHourlyVisits" ADD CONSTRAINT "LocationHourlyVisits_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LocationProgramDailyStat" ADD CONSTRAINT "LocationProgramDailyStat_locationId_fkey" FOREIGN KEY ("locationId") REFERENCES "Location"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "LocationProgramDailyStat" ADD CONSTRAINT "LocationProgramDailyStat_programId_fkey" FOREIGN KEY ("programId") REFERENCES "Program"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- Insights per location (docs/locations.md, "What owners and customers see"),
-- kept as the business's rollups are (migration insights_rollups): constraint
-- triggers, DEFERRABLE INITIALLY DEFERRED, so a location's hot day row is
-- locked only while the commit runs, after every lock the transaction took,
-- and a rolled-back write leaves no count. Local days and hours are the
-- business's (a visit's Tap.day; insights_local_day in the business's zone),
-- so a location's numbers add up with the business's. Deletes count nothing.
-- - A visit counts at its own location.
-- - A new customer counts at the location of its membership's first visit (the
--   visit whose createdAt is Membership.firstVisitAt). Merging a guest's card
--   into an account's takes the later of the two first visits off its location
--   (location_insights_merged, called by lib/db/merge-guest.ts).
-- - A reward counts (issued, redeemed, its program's completion) at the location
--   of the visit that issued it (Reward.tapId). Rewards issued without a visit
--   (an adjustment, a purchase, a referral, a campaign's offer, a merge) count
--   at no location; a redemption records no location of its own.

CREATE FUNCTION "location_insights_bump_day"(location TEXT, d DATE, visits INT, new_customers INT, issued INT, redeemed INT)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "LocationDailyStat" ("locationId", "day", "visits", "newCustomers", "rewardsIssued", "rewardsRedeemed")
  VALUES (location, d, visits, new_customers, issued, redeemed)
  ON CONFLICT ("locationId", "day") DO UPDATE SET
    "visits" = "LocationDailyStat"."visits" + EXCLUDED."visits",
    "newCustomers" = "LocationDailyStat"."newCustomers" + EXCLUDED."newCustomers",
    "rewardsIssued" = "LocationDailyStat"."rewardsIssued" + EXCLUDED."rewardsIssued",
    "rewardsRedeemed" = "LocationDailyStat"."rewardsRedeemed" + EXCLUDED."rewardsRedeemed"
$$;

CREATE FUNCTION "location_insights_bump_completion"(location TEXT, program TEXT, d DATE, n INT)
RETURNS void LANGUAGE sql AS $$
  INSERT INTO "LocationProgramDailyStat" ("locationId", "programId", "day", "completions")
  SELECT location, program, d, n WHERE EXISTS (SELECT 1 FROM "Program" WHERE "id" = program)
  ON CONFLICT ("locationId", "day", "programId") DO UPDATE
    SET "completions" = "LocationProgramDailyStat"."completions" + EXCLUDED."completions"
$$;

CREATE FUNCTION "location_insights_count_tap"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz TEXT;
  first_visit INT;
BEGIN
  SELECT b."timezone" INTO tz FROM "Location" l JOIN "Business" b ON b."id" = l."businessId" WHERE l."id" = NEW."locationId";
  IF NOT FOUND THEN RETURN NULL; END IF; -- the location (or its business) was deleted in the same transaction
  first_visit := CASE WHEN EXISTS (SELECT 1 FROM "Membership" m
                                   WHERE m."id" = NEW."membershipId" AND m."firstVisitAt" = NEW."createdAt") THEN 1 ELSE 0 END;
  PERFORM "location_insights_bump_day"(NEW."locationId", NEW."day", 1, first_visit, 0, 0);
  INSERT INTO "LocationHourlyVisits" ("locationId", "day", "hour", "visits")
  VALUES (NEW."locationId", NEW."day", EXTRACT(HOUR FROM (NEW."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE tz)::smallint, 1)
  ON CONFLICT ("locationId", "day", "hour") DO UPDATE SET "visits" = "LocationHourlyVisits"."visits" + 1;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER "Tap_location_insights" AFTER INSERT ON "Tap"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."locationId" IS NOT NULL)
  EXECUTE FUNCTION "location_insights_count_tap"();

CREATE FUNCTION "location_insights_count_reward"() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  tz TEXT;
  loc TEXT;
BEGIN
  SELECT t."locationId" INTO loc FROM "Tap" t JOIN "Location" l ON l."id" = t."locationId" WHERE t."id" = NEW."tapId";
  IF loc IS NULL THEN RETURN NULL; END IF; -- issued by a visit at no location
  SELECT "timezone" INTO tz FROM "Business" WHERE "id" = NEW."businessId";
  IF NOT FOUND THEN RETURN NULL; END IF;
  IF TG_OP = 'UPDATE' AND OLD."issuedAt" IS DISTINCT FROM NEW."issuedAt" THEN
    PERFORM "location_insights_bump_day"(loc, "insights_local_day"(OLD."issuedAt", tz), 0, 0, -1, 0);
    IF OLD."programId" IS NOT NULL THEN
      PERFORM "location_insights_bump_completion"(loc, OLD."programId", "insights_local_day"(OLD."issuedAt", tz), -1);
    END IF;
  END IF;
  IF TG_OP = 'INSERT' OR OLD."issuedAt" IS DISTINCT FROM NEW."issuedAt" THEN
    PERFORM "location_insights_bump_day"(loc, "insights_local_day"(NEW."issuedAt", tz), 0, 0, 1, 0);
    IF NEW."programId" IS NOT NULL THEN
      PERFORM "location_insights_bump_completion"(loc, NEW."programId", "insights_local_day"(NEW."issuedAt", tz), 1);
    END IF;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."redeemedAt" IS NOT NULL AND OLD."redeemedAt" IS DISTINCT FROM NEW."redeemedAt" THEN
    PERFORM "location_insights_bump_day"(loc, "insights_local_day"(OLD."redeemedAt", tz), 0, 0, 0, -1);
  END IF;
  IF NEW."redeemedAt" IS NOT NULL AND (TG_OP = 'INSERT' OR OLD."redeemedAt" IS DISTINCT FROM NEW."redeemedAt") THEN
    PERFORM "location_insights_bump_day"(loc, "insights_local_day"(NEW."redeemedAt", tz), 0, 0, 0, 1);
  END IF;
  RETURN NULL;
END;
$$;

CREATE CONSTRAINT TRIGGER "Reward_location_insights_insert" AFTER INSERT ON "Reward"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."tapId" IS NOT NULL)
  EXECUTE FUNCTION "location_insights_count_reward"();

CREATE CONSTRAINT TRIGGER "Reward_location_insights_update" AFTER UPDATE OF "issuedAt", "redeemedAt" ON "Reward"
  DEFERRABLE INITIALLY DEFERRED
  FOR EACH ROW WHEN (NEW."tapId" IS NOT NULL
    AND (OLD."issuedAt" IS DISTINCT FROM NEW."issuedAt" OR OLD."redeemedAt" IS DISTINCT FROM NEW."redeemedAt"))
  EXECUTE FUNCTION "location_insights_count_reward"();

-- A guest's card merged into the account's card at the same business: one
-- customer, one first visit. Both first visits were counted new where they
-- happened; the later one (the visit of `membership` at `later`, after the
-- guest's visits moved to it) stops counting.
CREATE FUNCTION "location_insights_merged"(membership TEXT, later TIMESTAMP(3)) RETURNS void LANGUAGE sql AS $$
  UPDATE "LocationDailyStat" s SET "newCustomers" = s."newCustomers" - 1
  FROM (SELECT t."locationId", t."day" FROM "Tap" t
        WHERE t."membershipId" = membership AND t."createdAt" = later AND t."locationId" IS NOT NULL
        ORDER BY t."id" LIMIT 1) f
  WHERE s."locationId" = f."locationId" AND s."day" = f."day"
$$;

-- Backfill from the rows already there, in each business's current zone.
INSERT INTO "LocationDailyStat" ("locationId", "day", "visits", "newCustomers", "rewardsIssued", "rewardsRedeemed")
SELECT "locationId", "day", SUM("v")::int, SUM("n")::int, SUM("i")::int, SUM("r")::int
FROM (
  SELECT t."locationId", t."day", 1 AS "v", (m."firstVisitAt" IS NOT NULL AND m."firstVisitAt" = t."createdAt")::int AS "n",
         0 AS "i", 0 AS "r"
    FROM "Tap" t LEFT JOIN "Membership" m ON m."id" = t."membershipId" WHERE t."locationId" IS NOT NULL
  UNION ALL
  SELECT t."locationId", "insights_local_day"(r."issuedAt", b."timezone"), 0, 0, 1, 0
    FROM "Reward" r JOIN "Tap" t ON t."id" = r."tapId" JOIN "Business" b ON b."id" = r."businessId"
    WHERE t."locationId" IS NOT NULL
  UNION ALL
  SELECT t."locationId", "insights_local_day"(r."redeemedAt", b."timezone"), 0, 0, 0, 1
    FROM "Reward" r JOIN "Tap" t ON t."id" = r."tapId" JOIN "Business" b ON b."id" = r."businessId"
    WHERE t."locationId" IS NOT NULL AND r."redeemedAt" IS NOT NULL
) AS events
GROUP BY "locationId", "day";

INSERT INTO "LocationHourlyVisits" ("locationId", "day", "hour", "visits")
SELECT t."locationId", t."day", EXTRACT(HOUR FROM (t."createdAt" AT TIME ZONE 'UTC') AT TIME ZONE b."timezone")::smallint, COUNT(*)::int
FROM "Tap" t JOIN "Business" b ON b."id" = t."businessId"
WHERE t."locationId" IS NOT NULL
GROUP BY 1, 2, 3;

INSERT INTO "LocationProgramDailyStat" ("locationId", "programId", "day", "completions")
SELECT t."locationId", r."programId", "insights_local_day"(r."issuedAt", b."timezone"), COUNT(*)::int
FROM "Reward" r JOIN "Tap" t ON t."id" = r."tapId" JOIN "Business" b ON b."id" = r."businessId" JOIN "Program" p ON p."id" = r."programId"
WHERE t."locationId" IS NOT NULL
GROUP BY 1, 2, 3;
