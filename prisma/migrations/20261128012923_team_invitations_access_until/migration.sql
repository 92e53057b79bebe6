-- AlterTable
ALTER TABLE "Membership" ADD COLUMN "accessEndedAt" DATETIME;
ALTER TABLE "Membership" ADD COLUMN "accessUntil" DATETIME;

-- CreateTable
CREATE TABLE "TeamInvitation" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "accessUntil" DATETIME,
    "tokenHash" TEXT NOT NULL,
    "expiresAt" DATETIME NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acceptedAt" DATETIME,
    "acceptedByUserId" TEXT,
    "revokedAt" DATETIME
);

-- CreateIndex
CREATE UNIQUE INDEX "TeamInvitation_tokenHash_key" ON "TeamInvitation"("tokenHash");

-- CreateIndex
CREATE INDEX "TeamInvitation_brandId_createdAt_idx" ON "TeamInvitation"("brandId", "createdAt");

-- CreateIndex
CREATE INDEX "TeamInvitation_brandId_email_idx" ON "TeamInvitation"("brandId", "email");

-- CreateIndex
CREATE INDEX "Membership_accessUntil_idx" ON "Membership"("accessUntil");
