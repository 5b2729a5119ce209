-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "rewardsEarned" INTEGER NOT NULL DEFAULT 0,
ADD COLUMN     "rewardsReady" INTEGER NOT NULL DEFAULT 0;

-- CreateIndex
CREATE INDEX "Membership_businessId_lastVisitAt_id_idx" ON "Membership"("businessId", "lastVisitAt", "id");

-- CreateIndex
CREATE INDEX "Membership_businessId_visitCount_id_idx" ON "Membership"("businessId", "visitCount", "id");

-- CreateIndex
CREATE INDEX "Membership_businessId_rewardsEarned_id_idx" ON "Membership"("businessId", "rewardsEarned", "id");

-- CreateIndex
CREATE INDEX "Membership_businessId_linkedAt_id_idx" ON "Membership"("businessId", "linkedAt", "id");

-- CreateIndex
CREATE INDEX "Reward_membershipId_status_idx" ON "Reward"("membershipId", "status");

-- CreateIndex
CREATE INDEX "Reward_businessId_issuedAt_id_idx" ON "Reward"("businessId", "issuedAt", "id");

-- CreateIndex
CREATE INDEX "Tap_businessId_createdAt_id_idx" ON "Tap"("businessId", "createdAt", "id");

-- Membership's reward counters follow "Reward" in the same transaction as the
-- change, whatever makes it (a tap, a QR visit, an adjustment, a redemption,
-- its undo, an expiry, a seed, a hand edit): rewardsEarned counts every reward
-- of the membership, rewardsReady those whose status is AVAILABLE. A reward
-- moved to another membership (or to none: the membership's deletion sets it
-- null) leaves one count and joins the other.
CREATE FUNCTION "reward_membership_counters"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'UPDATE'
     AND OLD."membershipId" IS NOT DISTINCT FROM NEW."membershipId"
     AND OLD."status" IS NOT DISTINCT FROM NEW."status" THEN
    RETURN NULL;
  END IF;
  IF TG_OP = 'UPDATE' AND OLD."membershipId" IS NOT DISTINCT FROM NEW."membershipId" THEN
    UPDATE "Membership"
      SET "rewardsReady" = "rewardsReady" - (OLD."status" = 'AVAILABLE')::int + (NEW."status" = 'AVAILABLE')::int
      WHERE "id" = NEW."membershipId";
    RETURN NULL;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."membershipId" IS NOT NULL THEN
    UPDATE "Membership"
      SET "rewardsEarned" = "rewardsEarned" - 1, "rewardsReady" = "rewardsReady" - (OLD."status" = 'AVAILABLE')::int
      WHERE "id" = OLD."membershipId";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."membershipId" IS NOT NULL THEN
    UPDATE "Membership"
      SET "rewardsEarned" = "rewardsEarned" + 1, "rewardsReady" = "rewardsReady" + (NEW."status" = 'AVAILABLE')::int
      WHERE "id" = NEW."membershipId";
  END IF;
  RETURN NULL;
END;
$$;

CREATE TRIGGER "reward_membership_counters"
  AFTER INSERT OR DELETE OR UPDATE OF "status", "membershipId" ON "Reward"
  FOR EACH ROW EXECUTE FUNCTION "reward_membership_counters"();

-- Backfill the counters of the rewards issued before this migration.
UPDATE "Membership" m
  SET "rewardsEarned" = c."earned", "rewardsReady" = c."ready"
  FROM (
    SELECT "membershipId", count(*)::int AS "earned", count(*) FILTER (WHERE "status" = 'AVAILABLE')::int AS "ready"
    FROM "Reward" WHERE "membershipId" IS NOT NULL GROUP BY "membershipId"
  ) c
  WHERE m."id" = c."membershipId";
