-- CreateEnum
CREATE TYPE "TagBatchPurpose" AS ENUM ('MANUFACTURER', 'OWNER');

-- AlterTable
ALTER TABLE "Tag" ADD COLUMN     "batchId" TEXT;

-- CreateTable
CREATE TABLE "TagBatch" (
    "id" TEXT NOT NULL,
    "label" TEXT NOT NULL,
    "purpose" "TagBatchPurpose" NOT NULL,
    "size" INTEGER NOT NULL,
    "masterKeyEncrypted" TEXT NOT NULL,
    "activationCodeHash" TEXT NOT NULL,
    "keysDownloadedAt" TIMESTAMP(3),
    "createdById" TEXT,
    "claimedAt" TIMESTAMP(3),
    "claimedById" TEXT,
    "businessId" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "TagBatch_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TagBatch_activationCodeHash_key" ON "TagBatch"("activationCodeHash");

-- CreateIndex
CREATE INDEX "TagBatch_createdAt_idx" ON "TagBatch"("createdAt");

-- CreateIndex
CREATE INDEX "Tag_batchId_idx" ON "Tag"("batchId");

-- AddForeignKey
ALTER TABLE "Tag" ADD CONSTRAINT "Tag_batchId_fkey" FOREIGN KEY ("batchId") REFERENCES "TagBatch"("id") ON DELETE RESTRICT ON UPDATE CASCADE;

-- A batch holds 1..1000 tags (docs/secure-tags.md, "Batches").
ALTER TABLE "TagBatch" ADD CONSTRAINT "TagBatch_size_check" CHECK ("size" BETWEEN 1 AND 1000);
