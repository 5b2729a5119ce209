-- CreateEnum
CREATE TYPE "HeldVisitStatus" AS ENUM ('PENDING', 'APPROVED', 'REJECTED');

-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AuditAction" ADD VALUE 'HELD_VISIT_APPROVED';
ALTER TYPE "AuditAction" ADD VALUE 'HELD_VISIT_REJECTED';

-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "reviewRules" JSONB NOT NULL DEFAULT '{}';

-- AlterTable
ALTER TABLE "Program" ADD COLUMN     "cooldownHours" INTEGER;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "guestIpHash" TEXT;

-- CreateTable
CREATE TABLE "ProgramCooldown" (
    "membershipId" TEXT NOT NULL,
    "programId" TEXT NOT NULL,
    "lastAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "ProgramCooldown_pkey" PRIMARY KEY ("membershipId","programId")
);

-- CreateTable
CREATE TABLE "HeldVisit" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tagId" TEXT,
    "locationId" TEXT,
    "reason" TEXT NOT NULL,
    "details" JSONB NOT NULL DEFAULT '{}',
    "status" "HeldVisitStatus" NOT NULL DEFAULT 'PENDING',
    "heldAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "decidedAt" TIMESTAMP(3),
    "decidedById" TEXT,
    "tapId" TEXT,

    CONSTRAINT "HeldVisit_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "ProgramCooldown_programId_idx" ON "ProgramCooldown"("programId");

-- CreateIndex
CREATE INDEX "HeldVisit_businessId_status_heldAt_idx" ON "HeldVisit"("businessId", "status", "heldAt");

-- CreateIndex
CREATE INDEX "HeldVisit_userId_idx" ON "HeldVisit"("userId");

-- CreateIndex
CREATE INDEX "User_guestIpHash_createdAt_idx" ON "User"("guestIpHash", "createdAt");

-- AddForeignKey
ALTER TABLE "ProgramCooldown" ADD CONSTRAINT "ProgramCooldown_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "Membership"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ProgramCooldown" ADD CONSTRAINT "ProgramCooldown_programId_fkey" FOREIGN KEY ("programId") REFERENCES "Program"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HeldVisit" ADD CONSTRAINT "HeldVisit_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HeldVisit" ADD CONSTRAINT "HeldVisit_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "HeldVisit" ADD CONSTRAINT "HeldVisit_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- A program's cooldown is 1 to 168 hours (docs/loyalty-programs.md, "Cooldown").
ALTER TABLE "Program" ADD CONSTRAINT "Program_cooldownHours_check" CHECK ("cooldownHours" IS NULL OR "cooldownHours" BETWEEN 1 AND 168);

-- A held visit is decided once: pending has no decision; a decided one says when.
ALTER TABLE "HeldVisit" ADD CONSTRAINT "HeldVisit_decision_check" CHECK (("status" = 'PENDING') = ("decidedAt" IS NULL));
