-- AlterTable
ALTER TABLE "Business" ADD COLUMN     "guestCards" BOOLEAN NOT NULL DEFAULT true;

-- AlterTable
ALTER TABLE "User" ADD COLUMN     "guest" BOOLEAN NOT NULL DEFAULT false;

-- CreateIndex
CREATE INDEX "User_guest_createdAt_idx" ON "User"("guest", "createdAt");

-- A guest has no way to sign in but its device's session: keeping the card (an email, a
-- password) makes it an account, so the two never mix.
ALTER TABLE "User" ADD CONSTRAINT "User_guest_no_credentials" CHECK (NOT "guest" OR ("email" IS NULL AND "passwordHash" IS NULL));
