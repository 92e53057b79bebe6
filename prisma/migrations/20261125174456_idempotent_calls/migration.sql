-- CreateTable
CREATE TABLE "IdempotentCall" (
    "scopeKey" TEXT NOT NULL PRIMARY KEY,
    "capabilityId" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "claimId" TEXT NOT NULL,
    "leaseUntil" DATETIME NOT NULL,
    "answer" JSONB,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL
);

-- CreateIndex
CREATE INDEX "IdempotentCall_expiresAt_idx" ON "IdempotentCall"("expiresAt");
