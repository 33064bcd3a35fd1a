-- provider-events-cleanup forgets provider event ids by age (docs/api/billing.md, "Provider notifications").
CREATE INDEX provider_events_received ON provider_events (received_at);
