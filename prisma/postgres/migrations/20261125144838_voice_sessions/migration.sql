-- CreateTable
CREATE TABLE "VoiceSession" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "reserved" INTEGER NOT NULL,
    "charged" INTEGER NOT NULL DEFAULT 0,
    "expiresAt" TIMESTAMP(3) NOT NULL,
    "endedAt" TIMESTAMP(3),
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VoiceSession_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "VoiceResponse" (
    "sessionId" TEXT NOT NULL,
    "responseId" TEXT NOT NULL,
    "tokens" INTEGER NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "VoiceResponse_pkey" PRIMARY KEY ("sessionId","responseId")
);

-- CreateIndex
CREATE INDEX "VoiceSession_userId_brandId_idx" ON "VoiceSession"("userId", "brandId");

-- CreateIndex
CREATE INDEX "VoiceSession_expiresAt_idx" ON "VoiceSession"("expiresAt");

-- AddForeignKey
ALTER TABLE "VoiceResponse" ADD CONSTRAINT "VoiceResponse_sessionId_fkey" FOREIGN KEY ("sessionId") REFERENCES "VoiceSession"("id") ON DELETE CASCADE ON UPDATE CASCADE;
