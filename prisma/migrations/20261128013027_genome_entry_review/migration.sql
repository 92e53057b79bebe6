-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_GenomeEntry" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "kind" TEXT NOT NULL,
    "value" TEXT NOT NULL,
    "status" TEXT NOT NULL DEFAULT 'proposed',
    "sourceKind" TEXT NOT NULL DEFAULT 'seed',
    "sourceId" TEXT,
    "note" TEXT,
    "proposedById" TEXT,
    "reviewedById" TEXT,
    "position" INTEGER NOT NULL DEFAULT 0,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "reviewedAt" DATETIME,
    "updatedAt" DATETIME NOT NULL,
    CONSTRAINT "GenomeEntry_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Genome" ("brandId") ON DELETE CASCADE ON UPDATE CASCADE
);
-- Data step (issue 42.1): reviewed entries become approved, the others proposed, all from the seed,
-- created when they last changed (the old table kept no creation time).
INSERT INTO "new_GenomeEntry" ("brandId", "id", "kind", "position", "updatedAt", "value", "status", "sourceKind", "createdAt")
SELECT "brandId", "id", "kind", "position", "updatedAt", "value",
       CASE WHEN "reviewed" THEN 'approved' ELSE 'proposed' END, 'seed', "updatedAt"
FROM "GenomeEntry";
DROP TABLE "GenomeEntry";
ALTER TABLE "new_GenomeEntry" RENAME TO "GenomeEntry";
CREATE INDEX "GenomeEntry_brandId_status_kind_position_idx" ON "GenomeEntry"("brandId", "status", "kind", "position");
CREATE INDEX "GenomeEntry_brandId_position_id_idx" ON "GenomeEntry"("brandId", "position", "id");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
