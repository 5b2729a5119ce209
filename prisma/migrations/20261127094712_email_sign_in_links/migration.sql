-- CreateTable
CREATE TABLE "EmailSignInToken" (
    "id" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "tokenHash" TEXT NOT NULL,
    "redirect" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "usedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "EmailSignInToken_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "EmailSignInToken_tokenHash_key" ON "EmailSignInToken"("tokenHash");

-- CreateIndex
CREATE INDEX "EmailSignInToken_email_idx" ON "EmailSignInToken"("email");
