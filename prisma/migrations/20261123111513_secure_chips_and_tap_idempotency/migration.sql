-- AlterEnum
-- This migration adds more than one value to an enum.
-- With PostgreSQL versions 11 and earlier, this is not possible
-- in a single migration. This can be worked around by creating
-- multiple migrations, each migration adding only one value to
-- the enum.


ALTER TYPE "TagRejectionReason" ADD VALUE 'MISSING_SUN';
ALTER TYPE "TagRejectionReason" ADD VALUE 'WRONG_CHIP';

-- AlterTable: the counter accepted so far belongs to a chip whose UID was never stored;
-- it is kept as the floor the first learned chip must beat (renamed, not dropped).
ALTER TABLE "Tag" RENAME COLUMN "lastCounter" TO "unboundCounter";
ALTER TABLE "Tag" ADD COLUMN "chipUid" TEXT;

-- CreateTable
CREATE TABLE "SecureTagChip" (
    "tagId" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "lastCounter" INTEGER NOT NULL,
    "lastVerifiedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SecureTagChip_pkey" PRIMARY KEY ("tagId","uid")
);

-- CreateTable
CREATE TABLE "TapIdempotencyKey" (
    "userId" TEXT NOT NULL,
    "key" TEXT NOT NULL,
    "status" INTEGER NOT NULL,
    "body" JSON NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "TapIdempotencyKey_pkey" PRIMARY KEY ("userId","key")
);

-- CreateIndex
CREATE INDEX "TapIdempotencyKey_createdAt_idx" ON "TapIdempotencyKey"("createdAt");

-- AddForeignKey
ALTER TABLE "SecureTagChip" ADD CONSTRAINT "SecureTagChip_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;
