-- The claim's indexes (DeliveryQueue.CLAIM): its cost follows what can be sent now, not the length of the queue.
-- New deliveries by endpoint, for a skip scan that finds each endpoint with any and reads its oldest few.
CREATE INDEX webhook_deliveries_pending ON webhook_deliveries (endpoint_id, next_attempt_at)
    WHERE status = 'pending';
-- Retries by when they fall due, so the claim reads only those due now, not the new deliveries as well.
CREATE INDEX webhook_deliveries_retrying ON webhook_deliveries (next_attempt_at) WHERE status = 'retrying';
