-- AlterTable
ALTER TABLE "Question" ADD COLUMN     "deferredAt" TIMESTAMP(3);
