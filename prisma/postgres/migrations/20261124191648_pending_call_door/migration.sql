-- AlterTable
ALTER TABLE "PendingCall" ADD COLUMN     "door" TEXT NOT NULL DEFAULT 'assistant';
