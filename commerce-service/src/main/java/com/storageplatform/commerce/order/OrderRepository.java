package com.storageplatform.commerce.order;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.commerce.order.OrderPricing.Priced;
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
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The {@code orders} table, every statement bound to an account (except the sweep's look across accounts). */
@Repository
class OrderRepository {

    private static final String COLUMNS = """
            account_id, id, operator_id, environment, contact_id, site_id, unit_id, unit_type_id, reservation_id,
            move_in_date, source, coupon_id, coupon_code, coverage_product_id, products::text AS products, currency,
            licence_fee_minor, fee_from_reservation, pricing::text AS pricing, priced_at, status,
            payment::text AS payment, agreement_id, return_url, quoted, completed_at, abandoned_at, cancelled_at,
            created_at, updated_at""";

    private static final TypeReference<List<Order.ProductLine>> PRODUCTS = new TypeReference<>() {
    };

    private final DatabaseClient db;
    private final JsonMapper json;

    OrderRepository(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    Mono<Void> insert(StoredOrder stored) {
        Order o = stored.order();
        GenericExecuteSpec insert = AccountStatement.sql(db, stored.accountId(), """
                INSERT INTO orders (account_id, id, operator_id, environment, contact_id, site_id, unit_id,
                       unit_type_id, reservation_id, move_in_date, source, coupon_id, coupon_code, coverage_product_id,
                       products, currency, licence_fee_minor, fee_from_reservation, pricing, priced_at, status,
                       payment, payment_status, agreement_id, return_url, quoted, completed_at, abandoned_at,
                       cancelled_at, created_at, updated_at)
                VALUES (:account_id, :id, :operator_id, :environment, :contact_id, :site_id, :unit_id, :unit_type_id,
                       :reservation_id, :move_in_date, :source, :coupon_id, :coupon_code, :coverage_product_id,
                       CAST(:products AS jsonb), :currency, :licence_fee_minor, :fee_from_reservation,
                       CAST(:pricing AS jsonb), :priced_at, :status, CAST(:payment AS jsonb), :payment_status,
                       :agreement_id, :return_url, :quoted, :completed_at, :abandoned_at, :cancelled_at, :created_at,
                       :updated_at)
                """)
                .bind("id", o.id())
                .bind("operator_id", stored.operatorId())
                .bind("environment", stored.environment())
                .bind("contact_id", o.contactId())
                .bind("site_id", o.siteId())
                .bind("unit_id", o.unitId())
                .bind("unit_type_id", o.unitTypeId())
                .bind("source", o.source())
                .bind("created_at", o.createdAt());
        return values(insert, stored).then();
    }

    /** Writes every field that can change after creation. */
    Mono<Void> update(StoredOrder stored) {
        GenericExecuteSpec update = AccountStatement.sql(db, stored.accountId(), """
                UPDATE orders SET reservation_id = :reservation_id, move_in_date = :move_in_date,
                       coupon_id = :coupon_id, coupon_code = :coupon_code, coverage_product_id = :coverage_product_id,
                       products = CAST(:products AS jsonb), currency = :currency,
                       licence_fee_minor = :licence_fee_minor, fee_from_reservation = :fee_from_reservation,
                       pricing = CAST(:pricing AS jsonb), priced_at = :priced_at, status = :status,
                       payment = CAST(:payment AS jsonb), payment_status = :payment_status,
                       agreement_id = :agreement_id, return_url = :return_url, quoted = :quoted,
                       completed_at = :completed_at, abandoned_at = :abandoned_at, cancelled_at = :cancelled_at,
                       updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", stored.order().id());
        return values(update, stored).then();
    }

    private GenericExecuteSpec values(GenericExecuteSpec spec, StoredOrder stored) {
        Order o = stored.order();
        spec = spec.bind("move_in_date", o.moveInDate())
                .bind("products", json.writeValueAsString(o.products()))
                .bind("currency", o.currency())
                .bind("licence_fee_minor", stored.licenceFeeMinor())
                .bind("fee_from_reservation", stored.feeFromReservation())
                .bind("pricing", json.writeValueAsString(stored.pricing()))
                .bind("priced_at", o.pricedAt())
                .bind("status", o.status())
                .bind("quoted", stored.quoted())
                .bind("updated_at", o.updatedAt());
        spec = nullable(spec, "reservation_id", o.reservationId(), UUID.class);
        spec = nullable(spec, "coupon_id", o.couponId(), UUID.class);
        spec = nullable(spec, "coupon_code", o.couponCode(), String.class);
        spec = nullable(spec, "coverage_product_id", o.coverageProductId(), UUID.class);
        spec = nullable(spec, "payment", o.payment() == null ? null : json.writeValueAsString(o.payment()),
                String.class);
        spec = nullable(spec, "payment_status", o.payment() == null ? null : o.payment().status(), String.class);
        spec = nullable(spec, "agreement_id", o.agreementId(), UUID.class);
        spec = nullable(spec, "return_url", o.returnUrl(), String.class);
        spec = nullable(spec, "completed_at", o.completedAt(), Instant.class);
        spec = nullable(spec, "abandoned_at", o.abandonedAt(), Instant.class);
        return nullable(spec, "cancelled_at", o.cancelledAt(), Instant.class);
    }

    Mono<StoredOrder> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    Mono<StoredOrder> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<StoredOrder> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM orders WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(this::stored)
                .one();
    }

    /** Newest first; a site-restricted caller sees only its sites' orders. */
    Mono<Envelopes.ListOf<Order>> list(Caller caller, String status, UUID contactId, UUID siteId, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM orders", caller.accountId())
                .where("status = :status", "status", status)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("site_id = :site_id", "site_id", siteId)
                .withinSites(caller, "site_id")
                .page(db, page, row -> stored(row).order());
    }

    /**
     * Orders of every account awaiting payment since before {@code createdBefore} with nothing in flight (no
     * payment, or one that failed), locked and skipped by a concurrent sweep. Across accounts: the sweep's claim.
     */
    Flux<StoredOrder> dueForAbandonment(Instant createdBefore, int limit) {
        return db.sql("SELECT " + COLUMNS + """
                 FROM orders
                WHERE status = 'awaiting_payment' AND created_at < :before
                  AND (payment_status IS NULL OR payment_status = 'failed')
                ORDER BY created_at
                LIMIT :limit
                  FOR UPDATE SKIP LOCKED
                """)
                .bind("before", createdBefore)
                .bind("limit", limit)
                .map(this::stored)
                .all();
    }

    private StoredOrder stored(Readable row) {
        Priced pricing = json.readValue(row.get("pricing", String.class), Priced.class);
        String payment = row.get("payment", String.class);
        Order order = new Order(row.get("id", UUID.class), Order.OBJECT, row.get("contact_id", UUID.class),
                row.get("site_id", UUID.class), row.get("unit_id", UUID.class), row.get("unit_type_id", UUID.class),
                row.get("reservation_id", UUID.class), row.get("move_in_date", LocalDate.class),
                row.get("source", String.class), row.get("coupon_id", UUID.class),
                row.get("coupon_code", String.class), row.get("coverage_product_id", UUID.class),
                json.readValue(row.get("products", String.class), PRODUCTS), row.get("currency", String.class),
                pricing.lines(), pricing.subtotalMinor(), pricing.discountMinor(), pricing.vatMinor(),
                pricing.totalDueTodayMinor(), pricing.recurringAmountMinor(), pricing.recurringAmountFrom(),
                pricing.recurringDiscountUntil(), pricing.depositMinor(), row.get("priced_at", Instant.class),
                row.get("status", String.class),
                payment == null ? null : json.readValue(payment, Order.Payment.class),
                row.get("agreement_id", UUID.class), row.get("return_url", String.class),
                row.get("completed_at", Instant.class), row.get("abandoned_at", Instant.class),
                row.get("cancelled_at", Instant.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
        return new StoredOrder(order, row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                row.get("environment", String.class), row.get("licence_fee_minor", Long.class),
                Boolean.TRUE.equals(row.get("fee_from_reservation", Boolean.class)),
                Boolean.TRUE.equals(row.get("quoted", Boolean.class)), pricing);
    }
}
