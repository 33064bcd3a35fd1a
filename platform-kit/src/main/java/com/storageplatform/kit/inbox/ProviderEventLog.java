package com.storageplatform.kit.inbox;

import java.time.Clock;
import java.util.regex.Pattern;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.Parameter;
import reactor.core.publisher.Mono;

/**
 * The record of a provider's notifications (a payment provider's webhooks, an email provider's delivery reports, an
 * ID-check provider's outcomes): a provider sends an event again until it is answered, so each is acted on once, on
 * (provider, event id). Each service keeps its own table of this shape, forgotten by a {@link
 * com.storageplatform.kit.jobs.RetentionJob}:
 *
 * <pre>
 * CREATE TABLE provider_events (
 *     provider     text        NOT NULL,
 *     event_id     text        NOT NULL,
 *     kind         text        NOT NULL,
 *     resource_ref text,
 *     received_at  timestamptz NOT NULL,
 *     PRIMARY KEY (provider, event_id));
 * </pre>
 *
 * Rows are unkeyed by account: an event is the provider's until its handler finds the account it concerns.
 */
public final class ProviderEventLog {

    private static final Pattern TABLE = Pattern.compile("[a-z_][a-z0-9_]*");

    private final DatabaseClient db;
    private final Clock clock;
    private final String insert;

    /** @param table the service's table of the shape above (a name from code, never from input) */
    public ProviderEventLog(DatabaseClient db, Clock clock, String table) {
        if (!TABLE.matcher(table).matches()) {
            throw new IllegalArgumentException("Not a table name: " + table);
        }
        this.db = db;
        this.clock = clock;
        this.insert = """
                INSERT INTO %s (provider, event_id, kind, resource_ref, received_at)
                VALUES (:provider, :event_id, :kind, :resource_ref, :received_at)
                ON CONFLICT (provider, event_id) DO NOTHING
                """.formatted(table);
    }

    /**
     * Records the event, in the caller's transaction (so a handler that fails forgets it, and the provider's repeat
     * is acted on): true the first time, false when it was received before.
     *
     * @param resourceRef the provider's id of what the event is about (a payment, a message), or null
     */
    public Mono<Boolean> recordFirst(String provider, String eventId, String kind, String resourceRef) {
        return db.sql(insert)
                .bind("provider", provider)
                .bind("event_id", eventId)
                .bind("kind", kind)
                .bind("resource_ref", Parameter.fromOrEmpty(resourceRef, String.class))
                .bind("received_at", clock.instant())
                .fetch().rowsUpdated()
                .map(inserted -> inserted > 0);
    }
}
