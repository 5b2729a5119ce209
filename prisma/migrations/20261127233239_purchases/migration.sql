-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "AuditAction" ADD VALUE 'PURCHASE_RECORDED';
ALTER TYPE "AuditAction" ADD VALUE 'PURCHASE_REFUNDED';

-- CreateTable
CREATE TABLE "Purchase" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "membershipId" TEXT,
    "amountCents" INTEGER NOT NULL,
    "refundedCents" INTEGER NOT NULL DEFAULT 0,
    "currency" TEXT NOT NULL,
    "receipt" TEXT,
    "earned" JSONB NOT NULL DEFAULT '[]',
    "points" INTEGER NOT NULL DEFAULT 0,
    "actorKind" TEXT NOT NULL,
    "actorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "Purchase_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "PurchaseRefund" (
    "id" TEXT NOT NULL,
    "purchaseId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "amountCents" INTEGER NOT NULL,
    "takenBack" JSONB NOT NULL DEFAULT '[]',
    "points" INTEGER NOT NULL DEFAULT 0,
    "actorKind" TEXT NOT NULL,
    "actorId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PurchaseRefund_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "Purchase_businessId_createdAt_id_idx" ON "Purchase"("businessId", "createdAt", "id");

-- CreateIndex
CREATE INDEX "Purchase_membershipId_createdAt_idx" ON "Purchase"("membershipId", "createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Purchase_businessId_receipt_key" ON "Purchase"("businessId", "receipt");

-- CreateIndex
CREATE UNIQUE INDEX "PurchaseRefund_purchaseId_key_key" ON "PurchaseRefund"("purchaseId", "key");

-- AddForeignKey
ALTER TABLE "Purchase" ADD CONSTRAINT "Purchase_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Purchase" ADD CONSTRAINT "Purchase_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "Membership"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "PurchaseRefund" ADD CONSTRAINT "PurchaseRefund_purchaseId_fkey" FOREIGN KEY ("purchaseId") REFERENCES "Purchase"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- An amount is a positive number of minor units, and refunds never exceed it:
-- the refund's conditional UPDATE relies on this to refuse an over-refund.
ALTER TABLE "Purchase" ADD CONSTRAINT "Purchase_amount_check" CHECK ("amountCents" > 0 AND "refundedCents" >= 0 AND "refundedCents" <= "amountCents");
ALTER TABLE "PurchaseRefund" ADD CONSTRAINT "PurchaseRefund_amount_check" CHECK ("amountCents" > 0);
