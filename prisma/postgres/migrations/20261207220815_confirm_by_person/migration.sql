-- AlterTable
ALTER TABLE "ApiKey" ADD COLUMN     "confirmBy" TEXT NOT NULL DEFAULT 'caller';

-- AlterTable
ALTER TABLE "AppGrant" ADD COLUMN     "confirmBy" TEXT NOT NULL DEFAULT 'person';

-- AlterTable
ALTER TABLE "Brand" ADD COLUMN     "agentsConfirmBy" TEXT NOT NULL DEFAULT 'either';

-- AlterTable
ALTER TABLE "PendingCall" ADD COLUMN     "callerScopes" TEXT,
ADD COLUMN     "idempotencyKey" TEXT,
ADD COLUMN     "mailedAt" TIMESTAMP(3),
ADD COLUMN     "note" TEXT;

-- CreateIndex
CREATE INDEX "PendingCall_idempotencyKey_idx" ON "PendingCall"("idempotencyKey");
