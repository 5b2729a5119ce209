-- Ids left behind by an account or a business deleted before these keys existed:
-- cleared, as the keys below would clear them from now on.
UPDATE "TagBatch" b SET "createdById" = NULL WHERE "createdById" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "User" u WHERE u."id" = b."createdById");
UPDATE "TagBatch" b SET "claimedById" = NULL WHERE "claimedById" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "User" u WHERE u."id" = b."claimedById");
UPDATE "TagBatch" b SET "businessId" = NULL WHERE "businessId" IS NOT NULL AND NOT EXISTS (SELECT 1 FROM "Business" x WHERE x."id" = b."businessId");

-- AddForeignKey
ALTER TABLE "TagBatch" ADD CONSTRAINT "TagBatch_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TagBatch" ADD CONSTRAINT "TagBatch_claimedById_fkey" FOREIGN KEY ("claimedById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TagBatch" ADD CONSTRAINT "TagBatch_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE SET NULL ON UPDATE CASCADE;
