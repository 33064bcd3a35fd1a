package com.storageplatform.webhooks.event;

import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The append-only event log: an event id is stored once, whatever Kafka redelivers. */
@Repository
public class EventLog {

    private final DatabaseClient db;
    private final JsonMapper json;

    EventLog(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** Appends the event; false when its id is already in the log (a redelivery). */
    Mono<Boolean> append(StoredEvent event) {
        DatabaseClient.GenericExecuteSpec spec = db.sql("""
                INSERT INTO events (id, account_id, operator_id, type, source_type, source, api_version, actor_type,
                    created, data, received_at)
                VALUES (:id, :account, :operator, :type, :source_type, :source, :version, :actor, :created, :data,
                    :received)
                ON CONFLICT (id) DO NOTHING
                """)
                .bind("id", event.id())
                .bind("account", event.accountId())
                .bind("type", event.type())
                .bind("source_type", event.sourceType())
                .bind("source", event.source())
                .bind("version", event.apiVersion())
                .bind("actor", event.actorType())
                .bind("created", event.created())
                .bind("data", Json.of(json.writeValueAsBytes(event.data())))
                .bind("received", event.receivedAt());
        spec = event.operatorId() == null ? spec.bindNull("operator", UUID.class) : spec.bind("operator", event.operatorId());
        return spec.fetch().rowsUpdated().map(inserted -> inserted > 0);
    }

    public Mono<StoredEvent> find(UUID accountId, UUID id) {
        return db.sql("SELECT * FROM events WHERE account_id = :account AND id = :id")
                .bind("account", accountId).bind("id", id)
                .map(this::toEvent).one();
    }

    /** By id alone, for deliveries (whose rows already carry the account). */
    public Mono<StoredEvent> find(UUID id) {
        return db.sql("SELECT * FROM events WHERE id = :id").bind("id", id).map(this::toEvent).one();
    }

    Mono<Envelopes.ListOf<Event>> list(UUID accountId, EventFilters filters, PageRequest page) {
        return ListQuery.from("SELECT * FROM events", accountId)
                .where("type = :type", "type", filters.type())
                .where("created >= :created_gte", "created_gte", filters.createdGte())
                .where("created > :created_gt", "created_gt", filters.createdGt())
                .where("created <= :created_lte", "created_lte", filters.createdLte())
                .where("created < :created_lt", "created_lt", filters.createdLt())
                .page(db, page, row -> toEvent(row).view());
    }

    private StoredEvent toEvent(Readable row) {
        return new StoredEvent(row.get("id", UUID.class), row.get("account_id", UUID.class),
                row.get("operator_id", UUID.class), row.get("type", String.class),
                row.get("source_type", String.class), row.get("source", String.class),
                row.get("api_version", String.class), row.get("actor_type", String.class),
                row.get("created", Instant.class), json.readTree(row.get("data", Json.class).asArray()),
                row.get("received_at", Instant.class));
    }
}
