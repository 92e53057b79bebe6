-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_AiUsage" (
    "brandId" TEXT NOT NULL,
    "month" TEXT NOT NULL,
    "tokens" INTEGER NOT NULL DEFAULT 0,
    "reserved" INTEGER NOT NULL DEFAULT 0,

    PRIMARY KEY ("brandId", "month")
);
INSERT INTO "new_AiUsage" ("brandId", "month", "tokens") SELECT "brandId", "month", "tokens" FROM "AiUsage";
DROP TABLE "AiUsage";
ALTER TABLE "new_AiUsage" RENAME TO "AiUsage";
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
