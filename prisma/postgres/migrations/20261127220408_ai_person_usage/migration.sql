-- CreateTable
CREATE TABLE "AiPersonUsage" (
    "brandId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "tokens" INTEGER NOT NULL DEFAULT 0,
    "reserved" INTEGER NOT NULL DEFAULT 0,
    "voiceSessions" INTEGER NOT NULL DEFAULT 0,

    CONSTRAINT "AiPersonUsage_pkey" PRIMARY KEY ("brandId","month","userId")
);
