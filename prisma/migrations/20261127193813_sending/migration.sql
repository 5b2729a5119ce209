-- AlterTable
ALTER TABLE "CampaignRecipient" ADD COLUMN     "capTakenAt" TIMESTAMP(3);
