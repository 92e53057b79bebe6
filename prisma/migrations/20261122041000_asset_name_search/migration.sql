-- Written by hand (SQLite only): a trigram full-text index of file names, so library.search finds
-- a rare word among 100,000 names by its postings instead of reading every name. Prisma leaves
-- these tables alone (prisma.config.ts, tables.external). On PostgreSQL a pg_trgm index on
-- "nameKey" will play this part.
CREATE VIRTUAL TABLE "AssetNameSearch" USING fts5("nameKey", "assetId" UNINDEXED, tokenize = 'trigram');

-- kept in step with "Asset" by triggers, whoever writes it (the service, the CLI, a test)
CREATE TRIGGER "Asset_nameSearch_insert" AFTER INSERT ON "Asset" BEGIN
  INSERT INTO "AssetNameSearch" ("nameKey", "assetId") VALUES (new."nameKey", new."id");
END;

CREATE TRIGGER "Asset_nameSearch_update" AFTER UPDATE OF "nameKey", "id" ON "Asset" BEGIN
  DELETE FROM "AssetNameSearch" WHERE "assetId" = old."id";
  INSERT INTO "AssetNameSearch" ("nameKey", "assetId") VALUES (new."nameKey", new."id");
END;

-- files are not deleted by any capability today; this keeps the index right if one ever is
CREATE TRIGGER "Asset_nameSearch_delete" AFTER DELETE ON "Asset" BEGIN
  DELETE FROM "AssetNameSearch" WHERE "assetId" = old."id";
END;

INSERT INTO "AssetNameSearch" ("nameKey", "assetId") SELECT "nameKey", "id" FROM "Asset";
