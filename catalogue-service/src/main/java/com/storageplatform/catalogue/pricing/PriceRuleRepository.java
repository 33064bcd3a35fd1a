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
import java.util.Arrays;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code price_rules} table. Every statement is bound to an account. */
@Repository
class PriceRuleRepository {

    private static final String COLUMNS = """
            id, name, kind, status, priority, adjustment_kind, adjustment_value, currency, occupancy_comparison,
            threshold_percent, starts_on, ends_on, feature, site_ids, unit_type_ids, created_at, updated_at
            """;
    /** A site-restricted caller sees the rules of every site (empty site_ids) and those naming one of its sites. */
    private static final String VISIBLE = "(cardinality(site_ids) = 0 OR site_ids && :caller_sites)";

    private final DatabaseClient db;

    PriceRuleRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(UUID accountId, PriceRule rule) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO price_rules (account_id, %s)
                VALUES (:account_id, :id, :name, :kind, :status, :priority, :adjustment_kind, :adjustment_value,
                        :currency, :occupancy_comparison, :threshold_percent, :starts_on, :ends_on, :feature,
                        :site_ids, :unit_type_ids, :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("created_at", rule.createdAt());
        return bindValues(insert, rule).then();
    }

    Mono<Void> update(UUID accountId, PriceRule rule) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE price_rules SET name = :name, kind = :kind, status = :status, priority = :priority,
                    adjustment_kind = :adjustment_kind, adjustment_value = :adjustment_value, currency = :currency,
                    occupancy_comparison = :occupancy_comparison, threshold_percent = :threshold_percent,
                    starts_on = :starts_on, ends_on = :ends_on, feature = :feature, site_ids = :site_ids,
                    unit_type_ids = :unit_type_ids, updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """);
        return bindValues(update, rule).then();
    }

    Mono<Void> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "DELETE FROM price_rules WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .then();
    }

    Mono<PriceRule> find(UUID accountId, UUID id, boolean lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM price_rules WHERE account_id = :account_id AND id = :id"
                        + (lock ? " FOR UPDATE" : ""))
                .bind("id", id)
                .map(PriceRuleRepository::toPriceRule)
                .one();
    }

    /** Every active rule of the account, for quoting. */
    Flux<PriceRule> active(UUID accountId) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM price_rules WHERE account_id = :account_id AND status = 'active'")
                .map(PriceRuleRepository::toPriceRule)
                .all();
    }

    Mono<Envelopes.ListOf<PriceRule>> list(Caller caller, String kind, String status, UUID siteId,
            UUID unitTypeId, PageRequest page) {
        ListQuery query = ListQuery.from("SELECT " + COLUMNS + " FROM price_rules", caller.accountId())
                .where("kind = :kind", "kind", kind)
                .where("status = :status", "status", status)
                .where("(cardinality(site_ids) = 0 OR :site_id = ANY(site_ids))", "site_id", siteId)
                .where("(cardinality(unit_type_ids) = 0 OR :unit_type_id = ANY(unit_type_ids))", "unit_type_id",
                        unitTypeId);
        if (caller.isSiteRestricted()) {
            query.where(VISIBLE, "caller_sites", caller.siteIds().toArray(UUID[]::new));
        }
        return query.page(db, page, PriceRuleRepository::toPriceRule);
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, PriceRule rule) {
        spec = spec.bind("id", rule.id())
                .bind("name", rule.name())
                .bind("kind", rule.kind())
                .bind("status", rule.status())
                .bind("priority", rule.priority())
                .bind("adjustment_kind", rule.adjustmentKind())
                .bind("adjustment_value", rule.adjustmentValue())
                .bind("site_ids", rule.siteIds().toArray(UUID[]::new))
                .bind("unit_type_ids", rule.unitTypeIds().toArray(UUID[]::new))
                .bind("updated_at", rule.updatedAt());
        spec = nullable(spec, "currency", rule.currency(), String.class);
        spec = nullable(spec, "occupancy_comparison", rule.occupancyComparison(), String.class);
        spec = nullable(spec, "threshold_percent", rule.thresholdPercent(), Integer.class);
        spec = nullable(spec, "starts_on", rule.startsOn(), LocalDate.class);
        spec = nullable(spec, "ends_on", rule.endsOn(), LocalDate.class);
        return nullable(spec, "feature", rule.feature(), String.class);
    }


    private static PriceRule toPriceRule(Readable row) {
        UUID[] sites = row.get("site_ids", UUID[].class);
        UUID[] types = row.get("unit_type_ids", UUID[].class);
        return new PriceRule(row.get("id", UUID.class), PriceRule.OBJECT, row.get("name", String.class),
                row.get("kind", String.class), row.get("status", String.class), row.get("priority", Integer.class),
                row.get("adjustment_kind", String.class), row.get("adjustment_value", Long.class),
                row.get("currency", String.class), row.get("occupancy_comparison", String.class),
                row.get("threshold_percent", Integer.class), row.get("starts_on", LocalDate.class),
                row.get("ends_on", LocalDate.class), row.get("feature", String.class),
                sites == null ? List.of() : Arrays.asList(sites), types == null ? List.of() : Arrays.asList(types),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
