-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "setupDismissedAt" TIMESTAMP(3),
ADD COLUMN     "tagPreparedAt" TIMESTAMP(3);
