-- AlterTable
ALTER TABLE "AiUsage" ADD COLUMN     "reserved" INTEGER NOT NULL DEFAULT 0;
