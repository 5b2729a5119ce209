-- Read counters and bindings per chip and key set (docs/secure-tags.md). Nothing is copied
-- from "SecureTagChip": its rows have no key digest (keys are only decrypted in the app), and
-- they stay the per-tag floor every accepted counter must still beat.
-- CreateTable
CREATE TABLE "SecureChip" (
    "keysDigest" TEXT NOT NULL,
    "uid" TEXT NOT NULL,
    "tagId" TEXT,
    "lastCounter" INTEGER NOT NULL,
    "lastVerifiedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "SecureChip_pkey" PRIMARY KEY ("keysDigest","uid")
);

-- CreateIndex
CREATE INDEX "SecureChip_tagId_idx" ON "SecureChip"("tagId");

-- AddForeignKey
ALTER TABLE "SecureChip" ADD CONSTRAINT "SecureChip_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE SET NULL ON UPDATE CASCADE;
