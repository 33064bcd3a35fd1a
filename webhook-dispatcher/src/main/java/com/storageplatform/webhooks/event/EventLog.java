package com.storageplatform.webhooks.event;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.postgresql.codec.Json;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.UUID;
import java.util.function.Function;
import java.util.function.IntFunction;
import java.util.stream.Collectors;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import tools.jackson.databind.json.JsonMapper;

/** The append-only event log: an event id is stored once, whatever Kafka redelivers. */
@Repository
class EventLog {

    /**
     * A site-restricted caller's events (docs/api/webhooks.md): those whose {@code data} names no site, or a
     * {@code site_id} among {@code :caller_sites}, or {@code site_ids} that are empty (every site) or include one of
     * them, the way each resource's own list shows it. CASE keeps the array functions off a non-array.
     */
    static final String WITHIN_SITES = """
            (data ->> 'site_id' IS NULL OR data ->> 'site_id' = ANY(:caller_sites))
            AND CASE jsonb_typeof(data -> 'site_ids') WHEN 'array' THEN data -> 'site_ids' = '[]'::jsonb
                OR EXISTS (SELECT 1 FROM jsonb_array_elements_text(data -> 'site_ids') AS named(site)
                           WHERE named.site = ANY(:caller_sites))
                ELSE TRUE END""";

    private final DatabaseClient db;
    private final JsonMapper json;

    EventLog(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /**
     * Appends the events in one statement and returns those that were new, in order: an id already in the log (a
     * redelivery), or repeated within the batch, is left out.
     */
    Mono<List<StoredEvent>> appendAll(List<StoredEvent> batch) {
        Map<UUID, StoredEvent> byId = new LinkedHashMap<>();
        batch.forEach(event -> byId.putIfAbsent(event.id(), event));
        List<StoredEvent> events = List.copyOf(byId.values());
        return db.sql("""
                INSERT INTO events (id, account_id, operator_id, type, source_type, source, api_version, actor_type,
                    created, data, received_at, traceparent)
                SELECT e.id, e.account_id, NULLIF(e.operator_id, '')::uuid, e.type, e.source_type, e.source,
                    e.api_version, e.actor_type, e.created::timestamptz, e.data::jsonb, :received,
                    NULLIF(e.traceparent, '')
                FROM unnest(:ids, :accounts, :operators, :types, :source_types, :sources, :versions, :actors,
                    :created, :data, :traceparents) AS e (id, account_id, operator_id, type, source_type, source,
                    api_version, actor_type, created, data, traceparent)
                ON CONFLICT (id) DO NOTHING
                RETURNING id
                """)
                .bind("ids", column(events, StoredEvent::id, UUID[]::new))
                .bind("accounts", column(events, StoredEvent::accountId, UUID[]::new))
                .bind("operators", column(events,
                        event -> event.operatorId() == null ? "" : event.operatorId().toString(), String[]::new))
                .bind("types", column(events, StoredEvent::type, String[]::new))
                .bind("source_types", column(events, StoredEvent::sourceType, String[]::new))
                .bind("sources", column(events, StoredEvent::source, String[]::new))
                .bind("versions", column(events, StoredEvent::apiVersion, String[]::new))
                .bind("actors", column(events, StoredEvent::actorType, String[]::new))
                .bind("created", column(events, event -> event.created().toString(), String[]::new))
                .bind("data", column(events, event -> json.writeValueAsString(event.data()), String[]::new))
                .bind("traceparents", column(events,
                        event -> event.traceparent() == null ? "" : event.traceparent(), String[]::new))
                .bind("received", events.get(0).receivedAt())
                .map(row -> row.get("id", UUID.class))
                .all()
                .collect(Collectors.toSet())
                .map(appended -> events.stream().filter(event -> appended.contains(event.id())).toList());
    }

    private static <T> T[] column(List<StoredEvent> events, Function<StoredEvent, T> value, IntFunction<T[]> array) {
        return events.stream().map(value).toArray(array);
    }

    /** The caller's event; empty for another account's, and for one outside a site-restricted caller's sites. */
    Mono<StoredEvent> find(Caller caller, UUID id) {
        String sql = "SELECT * FROM events WHERE account_id = :account_id AND id = :id";
        GenericExecuteSpec spec = AccountStatement.sql(db, caller.accountId(),
                caller.isSiteRestricted() ? sql + " AND " + WITHIN_SITES : sql).bind("id", id);
        if (caller.isSiteRestricted()) {
            spec = spec.bind("caller_sites", siteTexts(caller));
        }
        return spec.map(this::toEvent).one();
    }

    Mono<Envelopes.ListOf<Event>> list(Caller caller, EventFilters filters, PageRequest page) {
        return ListQuery.from("SELECT * FROM events", caller.accountId())
                .where(WITHIN_SITES, "caller_sites", caller.isSiteRestricted() ? siteTexts(caller) : null)
                .where("type = :type", "type", filters.type())
                .where("created >= :created_gte", "created_gte", filters.createdGte())
                .where("created > :created_gt", "created_gt", filters.createdGt())
                .where("created <= :created_lte", "created_lte", filters.createdLte())
                .where("created < :created_lt", "created_lt", filters.createdLt())
                .page(db, page, row -> toEvent(row).view());
    }

    private static String[] siteTexts(Caller caller) {
        return caller.siteIds().stream().map(UUID::toString).toArray(String[]::new);
    }

    private StoredEvent toEvent(Readable row) {
        return new StoredEvent(row.get("id", UUID.class), row.get("account_id", UUID.class),
                row.get("operator_id", UUID.class), row.get("type", String.class),
                row.get("source_type", String.class), row.get("source", String.class),
                row.get("api_version", String.class), row.get("actor_type", String.class),
                row.get("created", Instant.class), json.readTree(row.get("data", Json.class).asArray()),
                row.get("received_at", Instant.class), row.get("traceparent", String.class));
    }
}
