-- AlterTable
ALTER TABLE "AuditEntry" ADD COLUMN     "target" TEXT;
