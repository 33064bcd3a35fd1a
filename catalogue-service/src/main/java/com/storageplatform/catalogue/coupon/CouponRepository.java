package com.storageplatform.catalogue.coupon;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.time.LocalDate;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code coupons} table, every statement bound to an account. */
@Repository
class CouponRepository {

    private static final String COLUMNS = """
            id, name, code, discount_kind, discount_value, currency, duration, duration_months, online, auto_apply,
            site_ids, unit_type_ids, advertised, status, valid_from, valid_to, max_redemptions, created_at,
            updated_at
            """;

    private final DatabaseClient db;

    CouponRepository(DatabaseClient db) {
        this.db = db;
    }

    /** Inserts the coupon; false (nothing written) when the account already has a coupon with its code. */
    Mono<Boolean> insert(UUID accountId, Coupon coupon) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO coupons (account_id, %s)
                VALUES (:account_id, :id, :name, :code, :discount_kind, :discount_value, :currency, :duration,
                        :duration_months, :online, :auto_apply, :site_ids, :unit_type_ids, :advertised, :status,
                        :valid_from, :valid_to, :max_redemptions, :created_at, :updated_at)
                ON CONFLICT (account_id, code) WHERE code IS NOT NULL DO NOTHING
                """.formatted(COLUMNS))
                .bind("created_at", coupon.createdAt());
        return bindValues(insert, coupon).fetch().rowsUpdated().map(rows -> rows > 0);
    }

    Mono<Void> update(UUID accountId, Coupon coupon) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE coupons SET name = :name, code = :code, discount_kind = :discount_kind,
                    discount_value = :discount_value, currency = :currency, duration = :duration,
                    duration_months = :duration_months, online = :online, auto_apply = :auto_apply,
                    site_ids = :site_ids, unit_type_ids = :unit_type_ids, advertised = :advertised,
                    status = :status, valid_from = :valid_from, valid_to = :valid_to,
                    max_redemptions = :max_redemptions, updated_at = :updated_at
                WHERE account_id = :account_id AND id = :id
                """);
        return bindValues(update, coupon).then();
    }

    /** Whether another coupon of the account has {@code code}. */
    Mono<Boolean> codeTaken(UUID accountId, String code, UUID except) {
        return AccountStatement.sql(db, accountId, """
                SELECT EXISTS (SELECT 1 FROM coupons WHERE account_id = :account_id AND code = :code
                    AND id <> :id) AS taken
                """).bind("code", code).bind("id", except)
                .map(row -> row.get("taken", Boolean.class))
                .one();
    }

    Mono<Coupon> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    Mono<Coupon> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    /**
     * Newest first. {@code siteId} keeps the coupons that apply at that site (those naming it and those for every
     * site); a site-restricted caller sees the coupons that apply at one of its sites.
     */
    Mono<Envelopes.ListOf<Coupon>> list(Caller caller, String code, String status, UUID siteId, Boolean advertised,
            PageRequest page) {
        ListQuery query = ListQuery.from("SELECT " + COLUMNS + " FROM coupons", caller.accountId())
                .where("code = :code", "code", code)
                .where("status = :status", "status", status)
                .where("(cardinality(site_ids) = 0 OR :site_id = ANY(site_ids))", "site_id", siteId)
                .where("advertised = :advertised", "advertised", advertised);
        if (caller.isSiteRestricted()) {
            query.where("(cardinality(site_ids) = 0 OR site_ids && :caller_sites)", "caller_sites",
                    caller.siteIds().toArray(UUID[]::new));
        }
        return query.page(db, page, CouponRepository::toCoupon);
    }

    private Mono<Coupon> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM coupons WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(CouponRepository::toCoupon)
                .one();
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, Coupon c) {
        spec = spec.bind("id", c.id())
                .bind("name", c.name())
                .bind("discount_kind", c.discountKind())
                .bind("discount_value", c.discountValue())
                .bind("duration", c.duration())
                .bind("online", c.online())
                .bind("auto_apply", c.autoApply())
                .bind("site_ids", c.siteIds().toArray(UUID[]::new))
                .bind("unit_type_ids", c.unitTypeIds().toArray(UUID[]::new))
                .bind("advertised", c.advertised())
                .bind("status", c.status())
                .bind("updated_at", c.updatedAt());
        spec = nullable(spec, "code", c.code(), String.class);
        spec = nullable(spec, "currency", c.currency(), String.class);
        spec = nullable(spec, "duration_months", c.durationMonths(), Integer.class);
        spec = nullable(spec, "valid_from", c.validFrom(), LocalDate.class);
        spec = nullable(spec, "valid_to", c.validTo(), LocalDate.class);
        return nullable(spec, "max_redemptions", c.maxRedemptions(), Integer.class);
    }


    private static Coupon toCoupon(Readable row) {
        UUID[] sites = row.get("site_ids", UUID[].class);
        UUID[] unitTypes = row.get("unit_type_ids", UUID[].class);
        return new Coupon(row.get("id", UUID.class), Coupon.OBJECT, row.get("name", String.class),
                row.get("code", String.class), row.get("discount_kind", String.class),
                row.get("discount_value", Long.class), row.get("currency", String.class),
                row.get("duration", String.class), row.get("duration_months", Integer.class),
                row.get("online", Boolean.class), row.get("auto_apply", Boolean.class),
                sites == null ? List.of() : List.of(sites), unitTypes == null ? List.of() : List.of(unitTypes),
                row.get("advertised", Boolean.class), null, row.get("status", String.class),
                row.get("valid_from", LocalDate.class), row.get("valid_to", LocalDate.class),
                row.get("max_redemptions", Integer.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
