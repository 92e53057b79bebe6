-- CreateTable
CREATE TABLE "VoiceSession" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "userId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "reserved" INTEGER NOT NULL,
    "charged" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" DATETIME NOT NULL,
    "endedAt" DATETIME,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);

-- CreateTable
CREATE TABLE "VoiceResponse" (
    "sessionId" TEXT NOT NULL,
    "responseId" TEXT NOT NULL,
    "tokens" INTEGER NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,

    PRIMARY KEY ("sessionId", "responseId"),
    CONSTRAINT "VoiceResponse_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "VoiceSession" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "VoiceSession_userId_brandId_idx" ON "VoiceSession"("userId", "brandId");

-- CreateIndex
CREATE INDEX "VoiceSession_expiresAt_idx" ON "VoiceSession"("expiresAt");
