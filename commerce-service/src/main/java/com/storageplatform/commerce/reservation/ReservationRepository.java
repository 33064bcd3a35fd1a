package com.storageplatform.commerce.reservation;

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
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/** The {@code reservations} table, every statement bound to an account except the sweep's claim. */
@Repository
class ReservationRepository {

    private static final String COLUMNS = """
            id, account_id, operator_id, environment, contact_id, site_id, unit_id, unit_type_id, source, status,
            held_until, move_in_date, licence_fee_minor, currency, coupon_id, deal_id, notes, converted_to_object,
            converted_to_id, cancellation_reason, cancelled_at, expired_at, converted_at, created_at, updated_at
            """;

    private final DatabaseClient db;

    ReservationRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(Caller caller, Reservation r) {
        GenericExecuteSpec insert = AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO reservations (%s)
                VALUES (:id, :account_id, :operator_id, :environment, :contact_id, :site_id, :unit_id,
                        :unit_type_id, :source, :status, :held_until, :move_in_date, :licence_fee_minor, :currency,
                        :coupon_id, :deal_id, :notes, NULL, NULL, NULL, NULL, NULL, NULL, :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("id", r.id())
                .bind("contact_id", r.contactId())
                .bind("site_id", r.siteId())
                .bind("unit_type_id", r.unitTypeId())
                .bind("source", r.source())
                .bind("status", r.status())
                .bind("held_until", r.heldUntil())
                .bind("licence_fee_minor", r.licenceFeeMinor())
                .bind("currency", r.currency())
                .bind("created_at", r.createdAt())
                .bind("updated_at", r.updatedAt());
        insert = nullable(insert, "operator_id", caller.operatorId(), UUID.class);
        insert = nullable(insert, "environment",
                caller.environment() == null ? null : caller.environment().value(), String.class);
        insert = nullable(insert, "unit_id", r.unitId(), UUID.class);
        insert = nullable(insert, "move_in_date", r.moveInDate(), LocalDate.class);
        insert = nullable(insert, "coupon_id", r.couponId(), UUID.class);
        insert = nullable(insert, "deal_id", r.dealId(), UUID.class);
        return nullable(insert, "notes", r.notes(), String.class).then();
    }

    /** Writes the status and what came with it (cancelled, expired or converted). */
    Mono<Void> updateStatus(UUID accountId, Reservation r) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE reservations SET status = :status, converted_to_object = :converted_to_object,
                       converted_to_id = :converted_to_id, cancellation_reason = :cancellation_reason,
                       cancelled_at = :cancelled_at, expired_at = :expired_at, converted_at = :converted_at,
                       updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", r.id())
                .bind("status", r.status())
                .bind("updated_at", r.updatedAt());
        update = nullable(update, "converted_to_object", r.convertedTo() == null ? null : r.convertedTo().object(),
                String.class);
        update = nullable(update, "converted_to_id", r.convertedTo() == null ? null : r.convertedTo().id(),
                UUID.class);
        update = nullable(update, "cancellation_reason", r.cancellationReason(), String.class);
        update = nullable(update, "cancelled_at", r.cancelledAt(), Instant.class);
        update = nullable(update, "expired_at", r.expiredAt(), Instant.class);
        return nullable(update, "converted_at", r.convertedAt(), Instant.class).then();
    }

    Mono<Stored> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The reservation, locked until the transaction ends: every change of status goes through this. */
    Mono<Stored> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    /**
     * The reservation locked, or empty when another transaction holds its lock: for a request that met the
     * reservation's hold on a unit it wants, and for a staff list expiring the lapsed rows of its page, neither of
     * which waits on a cancel, the sweep or a booking acting on the same reservation at that moment.
     */
    Mono<Stored> findForUpdateUnlessLocked(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE SKIP LOCKED");
    }

    /** The account's active reservations made for {@code dealId}, locked. */
    Flux<Stored> activeOfDealForUpdate(UUID accountId, UUID dealId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM reservations WHERE account_id = :account_id AND deal_id = :deal_id AND status = 'active'
                 ORDER BY id FOR UPDATE
                """)
                .bind("deal_id", dealId)
                .map(ReservationRepository::toStored)
                .all();
    }

    /**
     * Claims up to {@code limit} active reservations of every account whose hold ran out by {@code now}, locked;
     * rows another transaction holds (a booking converting one) are passed over. Not one account's statement: the
     * expiry sweep works across accounts, and each claimed row carries its own account.
     */
    Flux<Stored> claimLapsed(Instant now, int limit) {
        return db.sql("SELECT " + COLUMNS + """
                 FROM reservations WHERE status = 'active' AND held_until <= :now
                 ORDER BY held_until, id LIMIT :limit FOR UPDATE SKIP LOCKED
                """)
                .bind("now", now)
                .bind("limit", limit)
                .map(ReservationRepository::toStored)
                .all();
    }

    /**
     * A page of the account's reservations. With {@code lapsedBy} (a member of staff listing, who sees a lapsed
     * hold expired), an active reservation whose {@code held_until} is not after it counts as {@code expired} for
     * the status filter, and the caller expires it before answering.
     */
    Mono<Envelopes.ListOf<Reservation>> list(Caller caller, Filters filters, PageRequest page, Instant lapsedBy) {
        ListQuery query = ListQuery.from("SELECT " + COLUMNS + " FROM reservations", caller.accountId());
        if (lapsedBy != null && Reservation.EXPIRED.equals(filters.status())) {
            query.where("(status = 'expired' OR (status = 'active' AND held_until <= :lapsed_by))")
                    .bind("lapsed_by", lapsedBy);
        } else if (lapsedBy != null && Reservation.ACTIVE.equals(filters.status())) {
            query.where("status = 'active' AND held_until > :lapsed_by").bind("lapsed_by", lapsedBy);
        } else {
            query.where("status = :status", "status", filters.status());
        }
        return query
                .where("contact_id = :contact_id", "contact_id", filters.contactId())
                .where("site_id = :site_id", "site_id", filters.siteId())
                .where("unit_id = :unit_id", "unit_id", filters.unitId())
                .where("deal_id = :deal_id", "deal_id", filters.dealId())
                .withinSites(caller, "site_id")
                .page(db, page, row -> toStored(row).reservation());
    }

    /** The list filters, each null when absent. */
    record Filters(String status, UUID contactId, UUID siteId, UUID unitId, UUID dealId) {
    }

    private Mono<Stored> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM reservations WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(ReservationRepository::toStored)
                .one();
    }

    private static Stored toStored(Readable row) {
        String convertedObject = row.get("converted_to_object", String.class);
        Reservation reservation = new Reservation(row.get("id", UUID.class), Reservation.OBJECT,
                row.get("contact_id", UUID.class), row.get("site_id", UUID.class), row.get("unit_id", UUID.class),
                row.get("unit_type_id", UUID.class), row.get("source", String.class), row.get("status", String.class),
                row.get("held_until", Instant.class), row.get("move_in_date", LocalDate.class),
                row.get("licence_fee_minor", Long.class), row.get("currency", String.class),
                row.get("coupon_id", UUID.class), row.get("deal_id", UUID.class), row.get("notes", String.class),
                convertedObject == null ? null
                        : new Reservation.ReservationBooking(convertedObject, row.get("converted_to_id", UUID.class)),
                row.get("cancellation_reason", String.class), row.get("cancelled_at", Instant.class),
                row.get("expired_at", Instant.class), row.get("converted_at", Instant.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
        return new Stored(reservation, row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                row.get("environment", String.class));
    }
}
