-- Who confirms a credential's writes: existing keys keep confirming themselves ("caller"), existing
-- app grants now wait for their person ("person"); a brand may require "person" of every grant.
ALTER TABLE "ApiKey" ADD COLUMN "confirmBy" TEXT NOT NULL DEFAULT 'caller';
ALTER TABLE "AppGrant" ADD COLUMN "confirmBy" TEXT NOT NULL DEFAULT 'person';
ALTER TABLE "Brand" ADD COLUMN "agentsConfirmBy" TEXT NOT NULL DEFAULT 'either';

-- AlterTable
ALTER TABLE "PendingCall" ADD COLUMN "callerScopes" TEXT;
ALTER TABLE "PendingCall" ADD COLUMN "idempotencyKey" TEXT;
ALTER TABLE "PendingCall" ADD COLUMN "mailedAt" DATETIME;
ALTER TABLE "PendingCall" ADD COLUMN "note" TEXT;

-- CreateIndex
CREATE INDEX "PendingCall_idempotencyKey_idx" ON "PendingCall"("idempotencyKey");
