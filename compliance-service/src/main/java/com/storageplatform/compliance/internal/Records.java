package com.storageplatform.compliance.internal;

import com.storageplatform.kit.projection.ProjectedRecords;
import com.storageplatform.kit.projection.RecordsProjection;
import java.util.Map;
import java.util.Set;
import java.util.UUID;
import org.springframework.context.annotation.Bean;
import org.springframework.context.annotation.Configuration;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.stereotype.Component;
import reactor.core.publisher.Mono;
import tools.jackson.databind.JsonNode;
import tools.jackson.databind.json.JsonMapper;

/**
 * What compliance knows of other services' records, kept in its {@code records} table (V2) by the kit's
 * {@link RecordsProjection} from their events, each in its owner's REST shape. Empty when the account has no such
 * record (or it was deleted), so a feature answers 422 {@code not_found} on the field that named it.
 */
@Component
public class Records {

    static final String TABLE = "records";

    private final ProjectedRecords records;

    Records(DatabaseClient db, JsonMapper json) {
        this.records = new ProjectedRecords(db, json, TABLE);
    }

    public Mono<JsonNode> site(UUID accountId, UUID id) {
        return records.find(accountId, "site", id);
    }

    public Mono<JsonNode> unitType(UUID accountId, UUID id) {
        return records.find(accountId, "unit_type", id);
    }

    public Mono<JsonNode> unit(UUID accountId, UUID id) {
        return records.find(accountId, "unit", id);
    }

    public Mono<JsonNode> agreement(UUID accountId, UUID id) {
        return records.find(accountId, "agreement", id);
    }

    /** The two projections that keep {@code records}: the catalogue's records and commerce's agreements. */
    @Configuration(proxyBeanMethods = false)
    static class Projections {

        /** Sites, unit types and units (a contract's premises, a device's site), from {@code catalogue.events}. */
        @Bean
        RecordsProjection catalogueRecordsProjection(DatabaseClient db) {
            Set<String> lifecycle = RecordsProjection.LIFECYCLE;
            return new RecordsProjection(db, TABLE, "catalogue.events", Map.of("site", lifecycle, "unit_type",
                    lifecycle, "unit", lifecycle));
        }

        /** Agreements (a contract's terms, a credential's booking), from {@code commerce.events}. */
        @Bean
        RecordsProjection commerceRecordsProjection(DatabaseClient db) {
            return new RecordsProjection(db, TABLE, "commerce.events", Map.of(
                    "agreement", Set.of("created", "activated", "updated", "terminated", "access_held",
                            "access_released")));
        }
    }
}
