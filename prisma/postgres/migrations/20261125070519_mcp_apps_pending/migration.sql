-- AlterTable
ALTER TABLE "PendingCall" ADD COLUMN     "caller" TEXT;
