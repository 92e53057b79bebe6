-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_WebhookEndpoint" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "url" TEXT NOT NULL,
    "eventTypes" TEXT NOT NULL,
    "description" TEXT,
    "enabled" BOOLEAN NOT NULL DEFAULT true,
    "disabledReason" TEXT,
    "revision" INTEGER NOT NULL DEFAULT 1,
    "secretSealed" TEXT NOT NULL,
    "previousSecretSealed" TEXT,
    "previousSecretUntil" DATETIME,
    "claimToken" TEXT,
    "claimedUntil" DATETIME,
    "failingSince" DATETIME,
    "retryAt" DATETIME,
    "fannedSeq" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL,
    "updatedAt" DATETIME NOT NULL
);
INSERT INTO "new_WebhookEndpoint" ("brandId", "claimToken", "claimedUntil", "createdAt", "description", "disabledReason", "enabled", "eventTypes", "failingSince", "id", "previousSecretSealed", "previousSecretUntil", "retryAt", "revision", "secretSealed", "updatedAt", "url") SELECT "brandId", "claimToken", "claimedUntil", "createdAt", "description", "disabledReason", "enabled", "eventTypes", "failingSince", "id", "previousSecretSealed", "previousSecretUntil", "retryAt", "revision", "secretSealed", "updatedAt", "url" FROM "WebhookEndpoint";
DROP TABLE "WebhookEndpoint";
ALTER TABLE "new_WebhookEndpoint" RENAME TO "WebhookEndpoint";
CREATE INDEX "WebhookEndpoint_brandId_createdAt_idx" ON "WebhookEndpoint"("brandId", "createdAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;

-- existing endpoints already have the deliveries of every event so far (the write made them)
UPDATE "WebhookEndpoint" SET "fannedSeq" = COALESCE(
  (SELECT "last" FROM "EventSequence" WHERE "EventSequence"."brandId" = "WebhookEndpoint"."brandId"), 0);
