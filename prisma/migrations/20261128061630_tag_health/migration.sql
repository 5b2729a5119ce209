-- CreateEnum
CREATE TYPE "TagAlertKind" AS ENUM ('SILENT', 'BURST', 'OUT_OF_HOURS', 'PLAIN_URL');

-- CreateTable
CREATE TABLE "TagAlert" (
    "id" TEXT NOT NULL,
    "tagId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "kind" "TagAlertKind" NOT NULL,
    "episodeKey" TEXT NOT NULL,
    "facts" JSONB NOT NULL DEFAULT '{}',
    "openedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "clearedAt" TIMESTAMP(3),

    CONSTRAINT "TagAlert_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "TagAlert_businessId_openedAt_idx" ON "TagAlert"("businessId", "openedAt");

-- CreateIndex
CREATE UNIQUE INDEX "TagAlert_tagId_kind_episodeKey_key" ON "TagAlert"("tagId", "kind", "episodeKey");

-- AddForeignKey
ALTER TABLE "TagAlert" ADD CONSTRAINT "TagAlert_tagId_fkey" FOREIGN KEY ("tagId") REFERENCES "Tag"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "TagAlert" ADD CONSTRAINT "TagAlert_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- One open episode per tag and kind (docs/tag-health.md, "Once per episode"): while an
-- episode is open, a check that sees the condition again inserts nothing, whatever its key.
CREATE UNIQUE INDEX "TagAlert_open_episode_key" ON "TagAlert"("tagId", "kind") WHERE "clearedAt" IS NULL;
