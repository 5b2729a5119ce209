-- CreateTable
CREATE TABLE "ApplePass" (
    "id" TEXT NOT NULL,
    "serialNumber" TEXT NOT NULL,
    "authenticationToken" TEXT NOT NULL,
    "membershipId" TEXT,
    "businessName" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "version" INTEGER NOT NULL DEFAULT 0,
    "voidedAt" TIMESTAMP(3),

    CONSTRAINT "ApplePass_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AppleDeviceRegistration" (
    "id" TEXT NOT NULL,
    "deviceLibraryIdentifier" TEXT NOT NULL,
    "pushToken" TEXT NOT NULL,
    "passId" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "AppleDeviceRegistration_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ApplePass_serialNumber_key" ON "ApplePass"("serialNumber");

-- CreateIndex
CREATE UNIQUE INDEX "ApplePass_membershipId_key" ON "ApplePass"("membershipId");

-- CreateIndex
CREATE INDEX "ApplePass_voidedAt_idx" ON "ApplePass"("voidedAt");

-- CreateIndex
CREATE INDEX "AppleDeviceRegistration_passId_idx" ON "AppleDeviceRegistration"("passId");

-- CreateIndex
CREATE INDEX "AppleDeviceRegistration_pushToken_idx" ON "AppleDeviceRegistration"("pushToken");

-- CreateIndex
CREATE UNIQUE INDEX "AppleDeviceRegistration_deviceLibraryIdentifier_passId_key" ON "AppleDeviceRegistration"("deviceLibraryIdentifier", "passId");

-- AddForeignKey
ALTER TABLE "ApplePass" ADD CONSTRAINT "ApplePass_membershipId_fkey" FOREIGN KEY ("membershipId") REFERENCES "Membership"("id") ON DELETE SET NULL ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "AppleDeviceRegistration" ADD CONSTRAINT "AppleDeviceRegistration_passId_fkey" FOREIGN KEY ("passId") REFERENCES "ApplePass"("id") ON DELETE CASCADE ON UPDATE CASCADE;
