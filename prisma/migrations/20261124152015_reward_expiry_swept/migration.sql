-- AlterTable
ALTER TABLE "Reward" ADD COLUMN     "expirySweptAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Reward_status_expirySweptAt_expiresAt_id_idx" ON "Reward"("status", "expirySweptAt", "expiresAt", "id");

-- Rewards that expired before this sweep existed count as seen: no card in a
-- wallet was made before them, so there is nothing to bring up to date.
UPDATE "Reward" SET "expirySweptAt" = "expiresAt"
WHERE "status" = 'AVAILABLE' AND "expiresAt" IS NOT NULL AND "expiresAt" <= CURRENT_TIMESTAMP;
