-- Written by hand: PostgreSQL's counterpart of SQLite's FTS5 trigram name search. pg_trgm's GIN
-- index answers `"nameKey" LIKE '%text%'` from trigram postings instead of reading every name. The
-- PostgreSQL schema declares the same index (lib/db/postgres-schema.ts), so the two agree.
CREATE EXTENSION IF NOT EXISTS pg_trgm;

CREATE INDEX "Asset_nameKey_trgm_idx" ON "Asset" USING GIN ("nameKey" gin_trgm_ops);
