-- RedefineTables
PRAGMA defer_foreign_keys=ON;
PRAGMA foreign_keys=OFF;
CREATE TABLE "new_Asset" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "name" TEXT NOT NULL,
    "nameKey" TEXT NOT NULL,
    "category" TEXT,
    "categoryKey" TEXT,
    "mimeType" TEXT NOT NULL,
    "type" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "description" TEXT,
    "sizeBytes" BIGINT NOT NULL,
    "storageKey" TEXT NOT NULL,
    "uploadId" TEXT,
    "createdById" TEXT,
    "reviewedById" TEXT,
    "reviewedAt" DATETIME,
    "reviewNote" TEXT,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_Asset" ("brandId", "category", "categoryKey", "createdAt", "createdById", "description", "id", "mimeType", "name", "nameKey", "sizeBytes", "status", "storageKey", "type", "uploadId") SELECT "brandId", "category", "categoryKey", "createdAt", "createdById", "description", "id", "mimeType", "name", "nameKey", "sizeBytes", "status", "storageKey", "type", "uploadId" FROM "Asset";
DROP TABLE "Asset";
ALTER TABLE "new_Asset" RENAME TO "Asset";
CREATE UNIQUE INDEX "Asset_storageKey_key" ON "Asset"("storageKey");
CREATE UNIQUE INDEX "Asset_uploadId_key" ON "Asset"("uploadId");
CREATE INDEX "Asset_brandId_status_createdAt_id_nameKey_idx" ON "Asset"("brandId", "status", "createdAt", "id", "nameKey");
CREATE INDEX "Asset_brandId_status_type_createdAt_id_nameKey_idx" ON "Asset"("brandId", "status", "type", "createdAt", "id", "nameKey");
CREATE INDEX "Asset_brandId_status_categoryKey_createdAt_id_nameKey_idx" ON "Asset"("brandId", "status", "categoryKey", "createdAt", "id", "nameKey");
CREATE TABLE "new_Upload" (
    "id" TEXT NOT NULL PRIMARY KEY,
    "brandId" TEXT NOT NULL,
    "fileName" TEXT NOT NULL,
    "mimeType" TEXT NOT NULL,
    "sizeBytes" BIGINT NOT NULL,
    "category" TEXT,
    "storageKey" TEXT NOT NULL,
    "status" TEXT NOT NULL,
    "assetId" TEXT,
    "createdById" TEXT,
    "expiresAt" DATETIME NOT NULL,
    "createdAt" DATETIME NOT NULL DEFAULT CURRENT_TIMESTAMP
);
INSERT INTO "new_Upload" ("assetId", "brandId", "category", "createdAt", "createdById", "expiresAt", "fileName", "id", "mimeType", "sizeBytes", "status", "storageKey") SELECT "assetId", "brandId", "category", "createdAt", "createdById", "expiresAt", "fileName", "id", "mimeType", "sizeBytes", "status", "storageKey" FROM "Upload";
DROP TABLE "Upload";
ALTER TABLE "new_Upload" RENAME TO "Upload";
CREATE UNIQUE INDEX "Upload_storageKey_key" ON "Upload"("storageKey");
CREATE INDEX "Upload_brandId_status_idx" ON "Upload"("brandId", "status");
PRAGMA foreign_keys=ON;
PRAGMA defer_foreign_keys=OFF;
