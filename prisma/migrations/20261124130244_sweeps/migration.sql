-- The scheduled sweeps (docs/jobs.md). A reward's expiry reminder is queued
-- once: the sweep sets expiryReminderAt with a conditional UPDATE in the
-- transaction that queues the jobs. A business's owner summary (OFF by
-- default) keeps the first day of the last daily and weekly period queued.

-- CreateEnum
CREATE TYPE "OwnerSummary" AS ENUM ('OFF', 'DAILY', 'WEEKLY');

-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "ownerSummary" "OwnerSummary" NOT NULL DEFAULT 'OFF',
ADD COLUMN     "ownerSummaryDailyFrom" DATE,
ADD COLUMN     "ownerSummaryWeeklyFrom" DATE;

-- AlterTable
ALTER TABLE "Reward" ADD COLUMN     "expiryReminderAt" TIMESTAMP(3);

-- CreateIndex
CREATE INDEX "Business_ownerSummary_id_idx" ON "Business"("ownerSummary", "id");

-- CreateIndex
CREATE INDEX "Reward_status_expiryReminderAt_expiresAt_id_idx" ON "Reward"("status", "expiryReminderAt", "expiresAt", "id");
