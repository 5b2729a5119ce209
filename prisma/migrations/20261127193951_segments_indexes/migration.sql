-- CreateIndex
CREATE INDEX "GoogleWalletObject_membershipId_state_idx" ON "GoogleWalletObject"("membershipId", "state");

-- CreateIndex
CREATE INDEX "MarketingConsent_userId_businessId_withdrawnAt_idx" ON "MarketingConsent"("userId", "businessId", "withdrawnAt");
