-- AlterTable
ALTER TABLE "AuditEntry" ADD COLUMN "summary" TEXT;
