-- A person's writes still waiting: the header's count on every page reads one range of this index.
-- CreateIndex
CREATE INDEX "PendingCall_userId_status_expiresAt_idx" ON "PendingCall"("userId", "status", "expiresAt");
