-- AlterTable
ALTER TABLE "OAuthState" ADD COLUMN     "sessionId" TEXT,
ADD COLUMN     "userId" TEXT;
