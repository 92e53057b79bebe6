-- AlterTable
ALTER TABLE "OAuthState" ADD COLUMN "sessionId" TEXT;
ALTER TABLE "OAuthState" ADD COLUMN "userId" TEXT;
