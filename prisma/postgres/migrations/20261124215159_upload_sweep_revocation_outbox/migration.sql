-- AlterTable
ALTER TABLE "Upload" ADD COLUMN     "claimedAt" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "RevocationOutbox" (
    "id" TEXT NOT NULL,
    "connectionId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "provider" TEXT NOT NULL,
    "tokensEncrypted" TEXT,
    "status" TEXT NOT NULL,
    "attempts" INTEGER NOT NULL DEFAULT 0,
    "nextAttemptAt" TIMESTAMP(3) NOT NULL,
    "claimedUntil" TIMESTAMP(3),
    "lastError" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL,

    CONSTRAINT "RevocationOutbox_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE INDEX "RevocationOutbox_status_nextAttemptAt_idx" ON "RevocationOutbox"("status", "nextAttemptAt");

-- CreateIndex
CREATE INDEX "Upload_status_expiresAt_idx" ON "Upload"("status", "expiresAt");
