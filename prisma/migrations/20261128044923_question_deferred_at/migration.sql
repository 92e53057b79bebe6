-- AlterTable
ALTER TABLE "Question" ADD COLUMN "deferredAt" DATETIME;
