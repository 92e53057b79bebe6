-- CreateTable
CREATE TABLE "ActivityChange" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "auditEntryId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "eventId" TEXT,
    "position" INTEGER NOT NULL,
    "model" TEXT NOT NULL,
    "recordKey" TEXT NOT NULL,
    "before" TEXT,
    "after" TEXT,
    "at" DATETIME NOT NULL,
    CONSTRAINT "ActivityChange_auditEntryId_fkey" FOREIGN KEY ("auditEntryId") REFERENCES "AuditEntry" ("id") ON DELETE CASCADE ON UPDATE CASCADE
);

-- CreateIndex
CREATE INDEX "ActivityChange_auditEntryId_position_idx" ON "ActivityChange"("auditEntryId", "position");

-- CreateIndex
CREATE INDEX "ActivityChange_brandId_model_recordKey_at_idx" ON "ActivityChange"("brandId", "model", "recordKey", "at");
