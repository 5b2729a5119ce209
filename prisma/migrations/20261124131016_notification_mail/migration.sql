-- CreateEnum
CREATE TYPE "NotificationDeliveryStatus" AS ENUM ('SENDING', 'SENT');

-- CreateTable
CREATE TABLE "MailOptOut" (
    "userId" TEXT NOT NULL,
    "businessId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "MailOptOut_pkey" PRIMARY KEY ("userId","businessId")
);

-- CreateTable
CREATE TABLE "NotificationDelivery" (
    "key" TEXT NOT NULL,
    "userId" TEXT,
    "status" "NotificationDeliveryStatus" NOT NULL DEFAULT 'SENDING',
    "claimedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "sentAt" TIMESTAMP(3),
    "attempts" INTEGER NOT NULL DEFAULT 1,

    CONSTRAINT "NotificationDelivery_pkey" PRIMARY KEY ("key")
);

-- CreateIndex
CREATE INDEX "MailOptOut_businessId_idx" ON "MailOptOut"("businessId");

-- CreateIndex
CREATE INDEX "NotificationDelivery_userId_idx" ON "NotificationDelivery"("userId");

-- AddForeignKey
ALTER TABLE "MailOptOut" ADD CONSTRAINT "MailOptOut_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "MailOptOut" ADD CONSTRAINT "MailOptOut_businessId_fkey" FOREIGN KEY ("businessId") REFERENCES "Business"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "NotificationDelivery" ADD CONSTRAINT "NotificationDelivery_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
