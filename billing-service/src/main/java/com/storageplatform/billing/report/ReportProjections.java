package com.storageplatform.billing.report;

import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.inbox.ConsumedEvent;
import com.storageplatform.kit.inbox.EventData;
import com.storageplatform.kit.inbox.EventHandler;
import java.util.Set;
import java.util.UUID;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.r2dbc.core.Parameter;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;

/**
 * Keeps the tables the occupancy and revenue reports read (V69): the catalogue's sites (their names), unit types
 * (area, list price) and units (site, unit type, status) from {@code catalogue.events}, and the unit each of
 * commerce's agreements lets from {@code commerce.events}. Each row is the record as its newest event told it: an
 * older event arriving late changes nothing. An event missing a field the row needs is logged and passed over.
 */
final class ReportProjections {

    private static final Logger log = LoggerFactory.getLogger(ReportProjections.class);

    private ReportProjections() {
    }

    /** Sites, unit types and units, from {@code catalogue.events}. */
    @Component
    static class Catalogue implements EventHandler {

        private final DatabaseClient db;

        Catalogue(DatabaseClient db) {
            this.db = db;
        }

        @Override
        public String topic() {
            return "catalogue.events";
        }

        @Override
        public Set<String> types() {
            return Set.of("site.created", "site.updated", "unit_type.created", "unit_type.updated",
                    "unit_type.archived", "unit.created", "unit.updated", "unit.archived");
        }

        @Override
        public Mono<Void> handle(ConsumedEvent event) {
            JsonNode data = event.data();
            UUID id = EventData.id(data, "id");
            if (id == null || event.accountId() == null) {
                return skipped(event);
            }
            String object = event.type().substring(0, event.type().indexOf('.'));
            return switch (object) {
                case "site" -> site(event, id, data);
                case "unit_type" -> unitType(event, id, data);
                default -> unit(event, id, data);
            };
        }

        private Mono<Void> site(ConsumedEvent event, UUID id, JsonNode data) {
            String name = EventData.text(data, "name");
            if (name == null) {
                return skipped(event);
            }
            return upsert(event, id, "report_sites", "name", ":name", "name = EXCLUDED.name")
                    .bind("name", name).then();
        }

        private Mono<Void> unitType(ConsumedEvent event, UUID id, JsonNode data) {
            UUID siteId = EventData.id(data, "site_id");
            String name = EventData.text(data, "name");
            String currency = EventData.text(data, "currency");
            JsonNode price = data.path("price_minor");
            if (siteId == null || name == null || currency == null || !price.isIntegralNumber()) {
                return skipped(event);
            }
            JsonNode width = data.path("width_cm");
            JsonNode depth = data.path("depth_cm");
            Long area = width.isIntegralNumber() && depth.isIntegralNumber() ? width.asLong() * depth.asLong() : null;
            return upsert(event, id, "report_unit_types", "site_id, name, area_cm2, price_minor, currency",
                    ":site_id, :name, :area, :price, :currency",
                    "site_id = EXCLUDED.site_id, name = EXCLUDED.name, area_cm2 = EXCLUDED.area_cm2, "
                            + "price_minor = EXCLUDED.price_minor, currency = EXCLUDED.currency")
                    .bind("site_id", siteId).bind("name", name).bind("area", Parameter.fromOrEmpty(area, Long.class))
                    .bind("price", price.asLong()).bind("currency", currency)
                    .then();
        }

        private Mono<Void> unit(ConsumedEvent event, UUID id, JsonNode data) {
            UUID siteId = EventData.id(data, "site_id");
            UUID unitTypeId = EventData.id(data, "unit_type_id");
            String status = EventData.text(data, "status");
            if (siteId == null || unitTypeId == null || status == null) {
                return skipped(event);
            }
            return upsert(event, id, "report_units", "site_id, unit_type_id, status", ":site_id, :unit_type_id, "
                    + ":status", "site_id = EXCLUDED.site_id, unit_type_id = EXCLUDED.unit_type_id, "
                    + "status = EXCLUDED.status")
                    .bind("site_id", siteId).bind("unit_type_id", unitTypeId).bind("status", status)
                    .then();
        }

        private GenericExecuteSpec upsert(ConsumedEvent event, UUID id, String table, String columns,
                String values, String updates) {
            return ReportProjections.upsert(db, event, id, table, columns, values, updates);
        }
    }

    /** The unit of each agreement, from {@code commerce.events}. */
    @Component
    static class Agreements implements EventHandler {

        private final DatabaseClient db;

        Agreements(DatabaseClient db) {
            this.db = db;
        }

        @Override
        public String topic() {
            return "commerce.events";
        }

        @Override
        public Set<String> types() {
            return Set.of("agreement.created", "agreement.activated", "agreement.updated", "agreement.terminated",
                    "agreement.access_held", "agreement.access_released");
        }

        @Override
        public Mono<Void> handle(ConsumedEvent event) {
            UUID id = EventData.id(event.data(), "id");
            if (id == null || event.accountId() == null) {
                return skipped(event);
            }
            UUID unitId = EventData.id(event.data(), "unit_id");
            return upsert(db, event, id, "report_agreements", "unit_id", ":unit_id", "unit_id = EXCLUDED.unit_id")
                    .bind("unit_id", Parameter.fromOrEmpty(unitId, UUID.class))
                    .then();
        }
    }

    /** Inserts the row, or replaces it when this event is not older than the one that wrote it. */
    private static GenericExecuteSpec upsert(DatabaseClient db, ConsumedEvent event, UUID id, String table,
            String columns, String values, String updates) {
        return AccountStatement.sql(db, event.accountId(), """
                INSERT INTO %1$s (account_id, id, %2$s, event_time)
                VALUES (:account_id, :id, %3$s, :time)
                ON CONFLICT (account_id, id) DO UPDATE SET %4$s, event_time = EXCLUDED.event_time
                 WHERE %1$s.event_time <= EXCLUDED.event_time
                """.formatted(table, columns, values, updates))
                .bind("id", id)
                .bind("time", event.time());
    }

    private static Mono<Void> skipped(ConsumedEvent event) {
        log.warn("Event {} ({}) lacks a field the reports' projection needs; passed over", event.id(), event.type());
        return Mono.empty();
    }
}
