-- AlterTable
ALTER TABLE "Membership" ADD COLUMN     "accessEndedAt" TIMESTAMP(3),
ADD COLUMN     "accessUntil" TIMESTAMP(3);

-- CreateTable
CREATE TABLE "TeamInvitation" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "email" TEXT NOT NULL,
    "role" TEXT NOT NULL,
    "accessUntil" TIMESTAMP(3),
    "tokenHash" TEXT NOT NULL,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "createdById" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "acceptedAt" TIMESTAMP(3),
    "acceptedByUserId" TEXT,
    "revokedAt" TIMESTAMP(3),

    CONSTRAINT "TeamInvitation_pkey" PRIMARY KEY ("id")
);

-- CreateIndex
CREATE UNIQUE INDEX "TeamInvitation_tokenHash_key" ON "TeamInvitation"("tokenHash");

-- CreateIndex
CREATE INDEX "TeamInvitation_brandId_createdAt_idx" ON "TeamInvitation"("brandId", "createdAt");

-- CreateIndex
CREATE INDEX "TeamInvitation_brandId_email_idx" ON "TeamInvitation"("brandId", "email");

-- CreateIndex
CREATE INDEX "Membership_accessUntil_idx" ON "Membership"("accessUntil");
