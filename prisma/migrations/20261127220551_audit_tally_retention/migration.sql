-- AddColumn: an ALTER, not the engine's table rebuild, so a large trail is not copied at start
ALTER TABLE "AuditEntry" ADD COLUMN "count" INTEGER NOT NULL DEFAULT 1;

-- CreateIndex
CREATE INDEX "AuditEntry_at_idx" ON "AuditEntry"("at");
