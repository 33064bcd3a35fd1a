package com.storageplatform.commerce.agreement;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
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

/** The {@code agreements} table (the agreement and its cover), every statement bound to an account. */
@Repository
class AgreementRepository {

    private static final String COLUMNS = """
            id, contact_id, unit_id, site_id, unit_type_id, reservation_id, order_id, licence_fee_minor, currency,
            move_in_date, notice_date, end_date, status, signed_at, moved_in_at, terminated_at, access_status,
            cover_id, coverage_product_id, cover_minor, cover_currency, cover_starts_on, cover_ends_on,
            cover_taken_out_on, created_at, updated_at
            """;

    /** Who the account's events are published as, when no request is in hand (an event handler). */
    record Owner(UUID operatorId, Environment environment) {
    }

    private final DatabaseClient db;

    AgreementRepository(DatabaseClient db) {
        this.db = db;
    }

    Mono<Void> insert(Caller caller, Agreement a) {
        GenericExecuteSpec insert = AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO agreements (account_id, operator_id, environment, %s)
                VALUES (:account_id, :operator_id, :environment, :id, :contact_id, :unit_id, :site_id, :unit_type_id,
                        :reservation_id, :order_id, :licence_fee_minor, :currency, :move_in_date, :notice_date,
                        :end_date, :status, :signed_at, :moved_in_at, :terminated_at, :access_status, :cover_id,
                        :coverage_product_id, :cover_minor, :cover_currency, :cover_starts_on, :cover_ends_on,
                        :cover_taken_out_on, :created_at, :updated_at)
                """.formatted(COLUMNS))
                .bind("created_at", a.createdAt());
        insert = nullable(insert, "operator_id", caller.operatorId(), UUID.class);
        insert = nullable(insert, "environment", caller.environment() == null ? null : caller.environment().value(),
                String.class);
        insert = nullable(insert, "reservation_id", a.reservationId(), UUID.class);
        insert = nullable(insert, "order_id", a.orderId(), UUID.class);
        return bindValues(insert, a).then();
    }

    Mono<Void> update(UUID accountId, Agreement a) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE agreements SET contact_id = :contact_id, unit_id = :unit_id, site_id = :site_id,
                       unit_type_id = :unit_type_id, licence_fee_minor = :licence_fee_minor, currency = :currency,
                       move_in_date = :move_in_date, notice_date = :notice_date, end_date = :end_date,
                       status = :status, signed_at = :signed_at, moved_in_at = :moved_in_at,
                       terminated_at = :terminated_at, access_status = :access_status, cover_id = :cover_id,
                       coverage_product_id = :coverage_product_id, cover_minor = :cover_minor,
                       cover_currency = :cover_currency, cover_starts_on = :cover_starts_on,
                       cover_ends_on = :cover_ends_on, cover_taken_out_on = :cover_taken_out_on,
                       updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """);
        return bindValues(update, a).then();
    }

    Mono<Agreement> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The agreement, locked until the transaction ends: actions and updates apply one after the other. */
    Mono<Agreement> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    Mono<Agreement> ofOrder(UUID accountId, UUID orderId) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM agreements WHERE account_id = :account_id AND order_id = :order_id")
                .bind("order_id", orderId)
                .map(AgreementRepository::toAgreement)
                .one();
    }

    /** The customer's live agreements whose access waits for an ID check, locked (a terminated one lets nobody in). */
    Flux<Agreement> accessHeldOf(UUID accountId, UUID contactId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM agreements
                WHERE account_id = :account_id AND contact_id = :contact_id AND access_status = 'access_held'
                  AND status <> 'terminated'
                ORDER BY id FOR UPDATE
                """)
                .bind("contact_id", contactId)
                .map(AgreementRepository::toAgreement)
                .all();
    }

    Mono<Owner> owner(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT operator_id, environment FROM agreements WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(row -> new Owner(row.get("operator_id", UUID.class),
                        row.get("environment", String.class) == null ? null
                                : Environment.of(row.get("environment", String.class))))
                .one();
    }

    /** Newest first; a site-restricted caller sees only its sites' agreements. */
    Mono<Envelopes.ListOf<Agreement>> list(Caller caller, String status, UUID contactId, UUID siteId,
            PageRequest page) {
        ListQuery query = ListQuery.from("SELECT " + COLUMNS + " FROM agreements", caller.accountId())
                .where("status = :status", "status", status)
                .where("contact_id = :contact_id", "contact_id", contactId)
                .where("site_id = :site_id", "site_id", siteId);
        if (caller.isSiteRestricted()) {
            query.where("site_id = ANY(:caller_sites)", "caller_sites", caller.siteIds().toArray(UUID[]::new));
        }
        return query.page(db, page, AgreementRepository::toAgreement);
    }

    private Mono<Agreement> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM agreements WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(AgreementRepository::toAgreement)
                .one();
    }

    private static GenericExecuteSpec bindValues(GenericExecuteSpec spec, Agreement a) {
        Cover c = a.cover();
        spec = spec.bind("id", a.id())
                .bind("contact_id", a.contactId())
                .bind("unit_id", a.unitId())
                .bind("site_id", a.siteId())
                .bind("unit_type_id", a.unitTypeId())
                .bind("licence_fee_minor", a.licenceFeeMinor())
                .bind("currency", a.currency())
                .bind("status", a.status())
                .bind("access_status", a.accessStatus())
                .bind("updated_at", a.updatedAt());
        spec = nullable(spec, "move_in_date", a.moveInDate(), LocalDate.class);
        spec = nullable(spec, "notice_date", a.noticeDate(), LocalDate.class);
        spec = nullable(spec, "end_date", a.endDate(), LocalDate.class);
        spec = nullable(spec, "signed_at", a.signedAt(), Instant.class);
        spec = nullable(spec, "moved_in_at", a.movedInAt(), Instant.class);
        spec = nullable(spec, "terminated_at", a.terminatedAt(), Instant.class);
        spec = nullable(spec, "cover_id", c == null ? null : c.id(), UUID.class);
        spec = nullable(spec, "coverage_product_id", c == null ? null : c.coverageProductId(), UUID.class);
        spec = nullable(spec, "cover_minor", c == null ? null : c.coverMinor(), Long.class);
        spec = nullable(spec, "cover_currency", c == null ? null : c.currency(), String.class);
        spec = nullable(spec, "cover_starts_on", c == null ? null : c.startsOn(), LocalDate.class);
        spec = nullable(spec, "cover_ends_on", c == null ? null : c.endsOn(), LocalDate.class);
        return nullable(spec, "cover_taken_out_on", c == null ? null : c.takenOutOn(), LocalDate.class);
    }

    private static Agreement toAgreement(Readable row) {
        UUID coverId = row.get("cover_id", UUID.class);
        Cover cover = coverId == null ? null : new Cover(coverId, row.get("coverage_product_id", UUID.class),
                row.get("cover_minor", Long.class), row.get("cover_currency", String.class),
                row.get("cover_starts_on", LocalDate.class), row.get("cover_ends_on", LocalDate.class),
                row.get("cover_taken_out_on", LocalDate.class));
        return new Agreement(row.get("id", UUID.class), Agreement.OBJECT, row.get("contact_id", UUID.class),
                row.get("unit_id", UUID.class), row.get("site_id", UUID.class), row.get("unit_type_id", UUID.class),
                row.get("reservation_id", UUID.class), row.get("order_id", UUID.class),
                row.get("licence_fee_minor", Long.class), row.get("currency", String.class),
                row.get("move_in_date", LocalDate.class), row.get("notice_date", LocalDate.class),
                row.get("end_date", LocalDate.class), row.get("status", String.class),
                row.get("signed_at", Instant.class), row.get("moved_in_at", Instant.class),
                row.get("terminated_at", Instant.class), row.get("access_status", String.class), cover,
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
