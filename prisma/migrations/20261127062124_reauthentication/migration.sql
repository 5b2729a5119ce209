-- AlterTable
ALTER TABLE "User" ADD COLUMN     "reauthenticatedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "ReauthenticationToken" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ReauthenticationToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "ReauthenticationToken_tokenHash_key" ON "ReauthenticationToken"("tokenHash");

-- CreateIndex
CREATE INDEX "ReauthenticationToken_userId_idx" ON "ReauthenticationToken"("userId");

-- AddForeignKey
ALTER TABLE "ReauthenticationToken" ADD CONSTRAINT "ReauthenticationToken_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;
