-- CreateTable
CREATE TABLE "GoogleWalletObject" (
    "id" TEXT NOT NULL,
    "membershipId" TEXT NOT NULL,
    "objectId" TEXT NOT NULL,
    "savedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "lastPatchedAt" TIMESTAMP(3),
    "state" TEXT NOT NULL DEFAULT 'ACTIVE',
    "version" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "GoogleWalletObject_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "GoogleWalletObject_membershipId_key" ON "GoogleWalletObject"("membershipId");

-- CreateIndex
CREATE UNIQUE INDEX "GoogleWalletObject_objectId_key" ON "GoogleWalletObject"("objectId");

-- AddForeignKey
ALTER TABLE "GoogleWalletObject" ADD CONSTRAINT "GoogleWalletObject_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "Membership"("id") ON DELETE CASCADE ON UPDATE CASCADE;
