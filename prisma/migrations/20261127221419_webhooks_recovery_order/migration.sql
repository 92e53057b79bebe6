-- AlterTable: ALTERs, not the engine's table rebuild, so a large delivery log is not copied at start
ALTER TABLE "WebhookEndpoint" ADD COLUMN "failingSince" DATETIME;
ALTER TABLE "WebhookEndpoint" ADD COLUMN "retryAt" DATETIME;
ALTER TABLE "WebhookDelivery" ADD COLUMN "seq" INTEGER NOT NULL DEFAULT 0;
ALTER TABLE "WebhookDelivery" ADD COLUMN "scheduledFailures" INTEGER NOT NULL DEFAULT 0;

-- Waiting deliveries take their event's number (a test event has none and keeps 0: it goes first),
-- and every attempt they had so far was one the schedule counted
UPDATE "WebhookDelivery" SET
  "seq" = COALESCE((SELECT "Event"."seq" FROM "Event" WHERE "Event"."id" = "WebhookDelivery"."eventId"), 0),
  "scheduledFailures" = "attempts"
WHERE "status" = 'pending';

-- CreateIndex
CREATE INDEX "WebhookDelivery_endpointId_status_seq_idx" ON "WebhookDelivery"("endpointId", "status", "seq");
