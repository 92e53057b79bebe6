-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_PendingCall" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "capabilityId" TEXT NOT NULL,
    "input" TEXT NOT NULL,
    "tokenSealed" TEXT,
    "summary" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'pending',
    "outcome" JSONB,
    "toolCallId" TEXT,
    "door" TEXT NOT NULL DEFAULT 'assistant',
    "expiresAt" DATETIME NOT NULL,
    "decidedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_PendingCall" ("brandId", "capabilityId", "createdAt", "decidedAt", "expiresAt", "id", "input", "outcome", "status", "summary", "tokenSealed", "toolCallId", "userId") SELECT "brandId", "capabilityId", "createdAt", "decidedAt", "expiresAt", "id", "input", "outcome", "status", "summary", "tokenSealed", "toolCallId", "userId" FROM "PendingCall";
DROP TABLE "PendingCall";
ALTER TABLE "new_PendingCall" RENAME TO "PendingCall";
CREATE INDEX "PendingCall_userId_createdAt_idx" ON "PendingCall"("userId", "createdAt");
CREATE INDEX "PendingCall_expiresAt_idx" ON "PendingCall"("expiresAt");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
