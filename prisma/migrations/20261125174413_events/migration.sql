-- CreateTable
CREATE TABLE "Event" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "type" TEXT NOT NULL,
    "createdAt" DATETIME NOT NULL,
    "actor" JSONB NOT NULL,
    "data" JSONB NOT NULL
);

-- CreateTable
CREATE TABLE "EventSequence" (
    "brandId" TEXT NOT NULL PRIMARY KEY,
    "last" INTEGER NOT NULL
);

-- CreateIndex
CREATE INDEX "Event_brandId_createdAt_idx" ON "Event"("brandId", "createdAt");

-- CreateIndex
CREATE INDEX "Event_createdAt_idx" ON "Event"("createdAt");

-- CreateIndex
CREATE UNIQUE INDEX "Event_brandId_seq_key" ON "Event"("brandId", "seq");
