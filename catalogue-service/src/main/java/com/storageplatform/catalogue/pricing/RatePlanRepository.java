package com.storageplatform.catalogue.pricing;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code rate_plans} table. Every statement is bound to an account. */
@Repository
class RatePlanRepository {

    private static final String COLUMNS = """
            id, site_id, unit_type_id, name, price_minor, currency, valid_from, valid_to, created_at, updated_at
            """;

    private final DatabaseClient db;

    RatePlanRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(UUID accountId, RatePlan plan) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO rate_plans (account_id, %s)
                VALUES (:account_id, :id, :site_id, :unit_type_id, :name, :price_minor, :currency, :valid_from,
                        :valid_to, :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("site_id", plan.siteId())
                .bind("unit_type_id", plan.unitTypeId())
                .bind("created_at", plan.createdAt());
        return bindValues(insert, plan).then();
    }

    Mono<Void> update(UUID accountId, RatePlan plan) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE rate_plans SET name = :name, price_minor = :price_minor, currency = :currency,
                    valid_from = :valid_from, valid_to = :valid_to, updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """);
        return bindValues(update, plan).then();
    }

    Mono<Void> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "DELETE FROM rate_plans WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .then();
    }

    Mono<RatePlan> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM rate_plans WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(RatePlanRepository::toRatePlan)
                .one();
    }

    /** Another plan of the unit type whose span shares a day with {@code from}..{@code to} (null = open). */
    Mono<RatePlan> overlapping(UUID accountId, UUID unitTypeId, UUID exceptId, LocalDate from, LocalDate to) {
        GenericExecuteSpec spec = AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM rate_plans
                WHERE account_id = :account_id AND unit_type_id = :unit_type_id AND id <> :id
                  AND (valid_from IS NULL OR CAST(:to AS date) IS NULL OR valid_from <= :to)
                  AND (valid_to IS NULL OR CAST(:from AS date) IS NULL OR :from <= valid_to)
                ORDER BY id LIMIT 1
                """)
                .bind("unit_type_id", unitTypeId)
                .bind("id", exceptId);
        spec = nullable(spec, "from", from, LocalDate.class);
        spec = nullable(spec, "to", to, LocalDate.class);
        return spec.map(RatePlanRepository::toRatePlan).one();
    }

    /** How many rate plans the account's unit type has. */
    Mono<Long> countForUnitType(UUID accountId, UUID unitTypeId) {
        return AccountStatement.sql(db, accountId, """
                SELECT count(*) AS n FROM rate_plans WHERE account_id = :account_id AND unit_type_id = :unit_type_id
                """)
                .bind("unit_type_id", unitTypeId)
                .map(row -> row.get("n", Long.class))
                .one();
    }

    /** The plan of the unit type in force on {@code date}, if any. */
    Mono<RatePlan> inForce(UUID accountId, UUID unitTypeId, LocalDate date) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM rate_plans
                WHERE account_id = :account_id AND unit_type_id = :unit_type_id
                  AND (valid_from IS NULL OR valid_from <= :date) AND (valid_to IS NULL OR :date <= valid_to)
                ORDER BY id LIMIT 1
                """)
                .bind("unit_type_id", unitTypeId)
                .bind("date", date)
                .map(RatePlanRepository::toRatePlan)
                .one();
    }

    Mono<Envelopes.ListOf<RatePlan>> list(Caller caller, UUID siteId, UUID unitTypeId, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM rate_plans", caller.accountId())
                .withinSites(caller, "site_id")
                .where("site_id = :site_id", "site_id", siteId)
                .where("unit_type_id = :unit_type_id", "unit_type_id", unitTypeId)
                .page(db, page, RatePlanRepository::toRatePlan);
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, RatePlan plan) {
        spec = spec.bind("id", plan.id())
                .bind("price_minor", plan.priceMinor())
                .bind("currency", plan.currency())
                .bind("updated_at", plan.updatedAt());
        spec = nullable(spec, "name", plan.name(), String.class);
        spec = nullable(spec, "valid_from", plan.validFrom(), LocalDate.class);
        return nullable(spec, "valid_to", plan.validTo(), LocalDate.class);
    }

    private static RatePlan toRatePlan(Readable row) {
        return new RatePlan(row.get("id", UUID.class), RatePlan.OBJECT, row.get("site_id", UUID.class),
                row.get("unit_type_id", UUID.class), row.get("name", String.class),
                row.get("price_minor", Long.class), row.get("currency", String.class),
                row.get("valid_from", LocalDate.class), row.get("valid_to", LocalDate.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
