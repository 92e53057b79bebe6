-- DropIndex
DROP INDEX "GenomeEntry_brandId_reviewed_kind_position_idx";

-- AlterTable
ALTER TABLE "GenomeEntry" ADD COLUMN     "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
ADD COLUMN     "note" TEXT,
ADD COLUMN     "proposedById" TEXT,
ADD COLUMN     "reviewedAt" TIMESTAMP(3),
ADD COLUMN     "reviewedById" TEXT,
ADD COLUMN     "sourceId" TEXT,
ADD COLUMN     "sourceKind" TEXT NOT NULL DEFAULT 'seed',
ADD COLUMN     "status" TEXT NOT NULL DEFAULT 'proposed';

-- Data step (issue 42.1): reviewed entries become approved, the others proposed, all from the seed,
-- created when they last changed (the old table kept no creation time)
UPDATE "GenomeEntry" SET "status" = CASE WHEN "reviewed" THEN 'approved' ELSE 'proposed' END, "createdAt" = "updatedAt";

ALTER TABLE "GenomeEntry" DROP COLUMN "reviewed";

-- CreateIndex
CREATE INDEX "GenomeEntry_brandId_status_kind_position_idx" ON "GenomeEntry"("brandId", "status", "kind", "position");

-- CreateIndex
CREATE INDEX "GenomeEntry_brandId_position_id_idx" ON "GenomeEntry"("brandId", "position", "id");
