-- AlterEnum
ALTER TYPE "AuditAction" ADD VALUE 'STAFF_LOCATIONS_CHANGED';

-- AlterTable
ALTER TABLE "Reward" ADD COLUMN     "redeemedLocationId" TEXT;

-- AlterTable
ALTER TABLE "StaffInvite" ADD COLUMN     "allLocations" BOOLEAN NOT NULL DEFAULT true,
ADD COLUMN     "locationIds" TEXT[] DEFAULT ARRAY[]::TEXT[];

-- CreateIndex
CREATE INDEX "Reward_redeemedLocationId_idx" ON "Reward"("redeemedLocationId");

-- AddForeignKey
ALTER TABLE "Reward" ADD CONSTRAINT "Reward_redeemedLocationId_fkey" FOREIGN KEY ("redeemedLocationId") REFERENCES "Location"("id") ON DELETE SET NULL ON UPDATE CASCADE;
