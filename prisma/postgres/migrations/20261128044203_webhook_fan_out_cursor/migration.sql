-- AlterTable
ALTER TABLE "WebhookEndpoint" ADD COLUMN     "fannedSeq" INTEGER NOT NULL DEFAULT 0;

-- existing endpoints already have the deliveries of every event so far (the write made them)
UPDATE "WebhookEndpoint" SET "fannedSeq" = COALESCE(
  (SELECT "last" FROM "EventSequence" WHERE "EventSequence"."brandId" = "WebhookEndpoint"."brandId"), 0);
