-- CreateTable
CREATE TABLE "PendingCall" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "tokenSealed" TEXT,
    "summary" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "outcome" JSONB,
    "toolCallId" TEXT,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "decidedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "PendingCall_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "AiUsage" (
    "brandId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "tokens" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AiUsage_pkey" PRIMARY KEY ("brandId","month")
);

-- CreateIndex
CREATE INDEX "PendingCall_userId_createdAt_idx" ON "PendingCall"("userId", "createdAt");

-- CreateIndex
CREATE INDEX "PendingCall_expiresAt_idx" ON "PendingCall"("expiresAt");
