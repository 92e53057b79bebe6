-- CreateTable
CREATE TABLE "Event" (
    "id" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL,
    "actor" JSONB NOT NULL,
    "data" JSONB NOT NULL,

    CONSTRAINT "Event_pkey" PRIMARY KEY ("id")
);

-- CreateTable
CREATE TABLE "EventSequence" (
    "brandId" TEXT NOT NULL,
    "last" INTEGER NOT NULL,

    CONSTRAINT "EventSequence_pkey" PRIMARY KEY ("brandId")
);

-- CreateIndex
CREATE INDEX "Event_brandId_createdAt_idx" ON "Event"("brandId", "createdAt");

-- CreateIndex
CREATE INDEX "Event_createdAt_idx" ON "Event"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Event_brandId_seq_key" ON "Event"("brandId", "seq");
