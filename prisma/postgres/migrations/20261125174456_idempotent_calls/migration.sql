-- CreateTable
CREATE TABLE "IdempotentCall" (
    "scopeKey" TEXT NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "requestHash" TEXT NOT NULL,
    "claimId" TEXT NOT NULL,
    "leaseUntil" TIMESTAMP(3) NOT NULL,
    "answer" JSONB,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "IdempotentCall_pkey" PRIMARY KEY ("scopeKey")
);

-- CreateIndex
CREATE INDEX "IdempotentCall_expiresAt_idx" ON "IdempotentCall"("expiresAt");
