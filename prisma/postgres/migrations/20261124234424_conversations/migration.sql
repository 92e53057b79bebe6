-- AlterTable
ALTER TABLE "PendingCall" ADD COLUMN     "conversationId" TEXT;

-- CreateTable
CREATE TABLE "Conversation" (
    "id" TEXT NOT NULL,
    "userId" TEXT NOT NULL,
    "brandId" TEXT NOT NULL,
    "title" TEXT NOT NULL,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "updatedAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,
    "answeringUntil" TIMESTAMP(3),
    "answerId" TEXT,

    CONSTRAINT "Conversation_pkey" PRIMARY KEY ("userId","id")
);

-- CreateTable
CREATE TABLE "ConversationMessage" (
    "userId" TEXT NOT NULL,
    "conversationId" TEXT NOT NULL,
    "id" TEXT NOT NULL,
    "seq" INTEGER NOT NULL,
    "role" TEXT NOT NULL,
    "parts" TEXT NOT NULL,
    "metadata" TEXT,
    "createdAt" TIMESTAMP(3) NOT NULL DEFAULT CURRENT_TIMESTAMP,

    CONSTRAINT "ConversationMessage_pkey" PRIMARY KEY ("userId","conversationId","id")
);

-- CreateIndex
CREATE INDEX "Conversation_userId_brandId_updatedAt_idx" ON "Conversation"("userId", "brandId", "updatedAt");

-- CreateIndex
CREATE INDEX "Conversation_updatedAt_idx" ON "Conversation"("updatedAt");

-- CreateIndex
CREATE UNIQUE INDEX "ConversationMessage_userId_conversationId_seq_key" ON "ConversationMessage"("userId", "conversationId", "seq");

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_userId_fkey" FOREIGN KEY ("userId") REFERENCES "User"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "Conversation" ADD CONSTRAINT "Conversation_brandId_fkey" FOREIGN KEY ("brandId") REFERENCES "Brand"("id") ON DELETE CASCADE ON UPDATE CASCADE;

-- AddForeignKey
ALTER TABLE "ConversationMessage" ADD CONSTRAINT "ConversationMessage_userId_conversationId_fkey" FOREIGN KEY ("userId", "conversationId") REFERENCES "Conversation"("userId", "id") ON DELETE CASCADE ON UPDATE CASCADE;
