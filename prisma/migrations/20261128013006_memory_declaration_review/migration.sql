-- AlterTable
ALTER TABLE "MemoryDeclaration" ADD COLUMN "reviewedAt" DATETIME;
ALTER TABLE "MemoryDeclaration" ADD COLUMN "reviewedById" TEXT;

-- CreateIndex
CREATE INDEX "MemoryDeclaration_brandId_createdAt_idx" ON "MemoryDeclaration"("brandId", "createdAt");
