-- CreateEnum
CREATE TYPE "OfferKind" AS ENUM ('STAMPS', 'POINTS', 'REWARD');

-- CreateEnum
CREATE TYPE "CampaignStatus" AS ENUM ('DRAFT', 'SCHEDULED', 'SENDING', 'SENT', 'CANCELLED');

-- CreateEnum
CREATE TYPE "CampaignChannel" AS ENUM ('WALLET', 'PUSH', 'EMAIL');

-- CreateEnum
CREATE TYPE "CampaignRecipientStatus" AS ENUM ('HELD_OUT', 'QUEUED', 'SENDING', 'SENT', 'FAILED', 'SKIPPED');

-- CreateEnum
CREATE TYPE "AutomationKind" AS ENUM ('WIN_BACK', 'BIRTHDAY', 'ONE_STAMP_AWAY', 'WELCOME', 'REWARD_EXPIRING');

-- CreateTable
CREATE TABLE "MarketingConsent" (
    "userId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "grantedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "withdrawnAt" TIMESTAMP(3),
    "source" TEXT NOT NULL,

    CONSTRAINT "MarketingConsent_pkey" PRIMARY KEY ("userId","businessId")
);

-- CreateTable
CREATE TABLE "OutreachSettings" (
    "businessId" TEXT NOT NULL,
    "capMessages" INTEGER NOT NULL DEFAULT 1,
    "capDays" INTEGER NOT NULL DEFAULT 7,
    "quietStartMinute" INTEGER NOT NULL DEFAULT 1260,
    "quietEndMinute" INTEGER NOT NULL DEFAULT 540,

    CONSTRAINT "OutreachSettings_pkey" PRIMARY KEY ("businessId")
);

-- CreateTable
CREATE TABLE "MarketingContact" (
    "businessId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "windowStart" TIMESTAMP(3) NOT NULL,
    "sentInWindow" INTEGER NOT NULL DEFAULT 0,
    "lastSentAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "MarketingContact_pkey" PRIMARY KEY ("businessId","userId")
);

-- CreateTable
CREATE TABLE "Campaign" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "createdById" TEXT,
    "automationId" TEXT,
    "name" TEXT NOT NULL,
    "message" TEXT NOT NULL,
    "segment" JSONB NOT NULL DEFAULT '{}',
    "offerKind" "OfferKind",
    "offerProgramId" TEXT,
    "offerAmount" INTEGER,
    "offerRewardName" TEXT,
    "offerValidDays" INTEGER,
    "holdoutPercent" INTEGER NOT NULL DEFAULT 10,
    "seed" TEXT NOT NULL,
    "status" "CampaignStatus" NOT NULL DEFAULT 'DRAFT',
    "scheduledAt" TIMESTAMP(3),
    "startedAt" TIMESTAMP(3),
    "finishedAt" TIMESTAMP(3),
    "cancelledAt" TIMESTAMP(3),
    "recipientCount" INTEGER NOT NULL DEFAULT 0,
    "heldOutCount" INTEGER NOT NULL DEFAULT 0,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Campaign_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "CampaignRecipient" (
    "id" TEXT NOT NULL,
    "campaignId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "membershipId" TEXT,
    "cycle" TEXT NOT NULL DEFAULT '',
    "heldOut" BOOLEAN NOT NULL,
    "status" "CampaignRecipientStatus" NOT NULL,
    "channel" "CampaignChannel",
    "skipReason" TEXT,
    "language" TEXT NOT NULL DEFAULT 'en',
    "assignedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "claimedAt" TIMESTAMP(3),
    "sentAt" TIMESTAMP(3),
    "openedAt" TIMESTAMP(3),
    "clickedAt" TIMESTAMP(3),
    "failedReason" TEXT,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "offerAppliedAt" TIMESTAMP(3),
    "offerRewardId" TEXT,

    CONSTRAINT "CampaignRecipient_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "Automation" (
    "id" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "kind" "AutomationKind" NOT NULL,
    "enabled" BOOLEAN NOT NULL DEFAULT false,
    "message" TEXT NOT NULL,
    "days" INTEGER,
    "offerKind" "OfferKind",
    "offerProgramId" TEXT,
    "offerAmount" INTEGER,
    "offerRewardName" TEXT,
    "offerValidDays" INTEGER,
    "holdoutPercent" INTEGER NOT NULL DEFAULT 10,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "Automation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "MarketingConsent_businessId_withdrawnAt_idx" ON "MarketingConsent"("businessId", "withdrawnAt");

-- CreateIndex
CREATE UNIQUE INDEX "Campaign_automationId_key" ON "Campaign"("automationId");

-- CreateIndex
CREATE INDEX "Campaign_businessId_createdAt_idx" ON "Campaign"("businessId", "createdAt");

-- CreateIndex
CREATE INDEX "Campaign_status_scheduledAt_idx" ON "Campaign"("status", "scheduledAt");

-- CreateIndex
CREATE INDEX "CampaignRecipient_campaignId_status_id_idx" ON "CampaignRecipient"("campaignId", "status", "id");

-- CreateIndex
CREATE INDEX "CampaignRecipient_businessId_userId_idx" ON "CampaignRecipient"("businessId", "userId");

-- CreateIndex
CREATE UNIQUE INDEX "CampaignRecipient_campaignId_userId_cycle_key" ON "CampaignRecipient"("campaignId", "userId", "cycle");

-- CreateIndex
CREATE INDEX "Automation_enabled_kind_idx" ON "Automation"("enabled", "kind");

-- CreateIndex
CREATE UNIQUE INDEX "Automation_businessId_kind_key" ON "Automation"("businessId", "kind");

-- AddForeignKey
ALTER TABLE "MarketingConsent" ADD CONSTRAINT "MarketingConsent_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MarketingConsent" ADD CONSTRAINT "MarketingConsent_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "OutreachSettings" ADD CONSTRAINT "OutreachSettings_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MarketingContact" ADD CONSTRAINT "MarketingContact_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MarketingContact" ADD CONSTRAINT "MarketingContact_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_createdById_fkey" FOREIGN KEY ("createdById") REFERENCES "User"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_automationId_fkey" FOREIGN KEY ("automationId") REFERENCES "Automation"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignRecipient" ADD CONSTRAINT "CampaignRecipient_campaignId_fkey" FOREIGN KEY ("campaignId") REFERENCES "Campaign"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignRecipient" ADD CONSTRAINT "CampaignRecipient_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "CampaignRecipient" ADD CONSTRAINT "CampaignRecipient_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Automation" ADD CONSTRAINT "Automation_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- The bounds the forms also check, held by the database.
ALTER TABLE "Campaign" ADD CONSTRAINT "Campaign_holdoutPercent_check" CHECK ("holdoutPercent" BETWEEN 0 AND 50);
ALTER TABLE "Automation" ADD CONSTRAINT "Automation_holdoutPercent_check" CHECK ("holdoutPercent" BETWEEN 0 AND 50);
ALTER TABLE "OutreachSettings" ADD CONSTRAINT "OutreachSettings_cap_check" CHECK ("capMessages" BETWEEN 1 AND 3 AND "capDays" BETWEEN 3 AND 30);
ALTER TABLE "OutreachSettings" ADD CONSTRAINT "OutreachSettings_quiet_check" CHECK ("quietStartMinute" BETWEEN 0 AND 1439 AND "quietEndMinute" BETWEEN 0 AND 1439);
