package com.storageplatform.crm.deal;

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

/** The {@code deals} table, every statement bound to one account. */
@Repository
class DealRepository {

    private static final String COLUMNS = """
            id, contact_id, site_id, channel, unit_type_id, need_by_date, agreement_id, reservation_id, quoted_at,
            reserved_at, last_activity_at, next_follow_up_on, next_follow_up_window, status, pipeline_id, stage_id,
            lost_reason, note, created_at, updated_at
            """;

    private final DatabaseClient db;
    private final DealConversions conversions;

    DealRepository(DatabaseClient db, DealConversions conversions) {
        this.db = db;
        this.conversions = conversions;
    }

    /** The list's filters; null filters nothing. */
    record Filters(UUID contactId, UUID siteId, String status, UUID pipelineId, UUID stageId) {
    }

    Mono<Void> insert(UUID accountId, Deal d) {
        return values(AccountStatement.sql(db, accountId, """
                INSERT INTO deals (account_id, id, contact_id, site_id, channel, unit_type_id, need_by_date,
                       agreement_id, reservation_id, quoted_at, reserved_at, last_activity_at, next_follow_up_on,
                       next_follow_up_window, status, pipeline_id, stage_id, lost_reason, note, created_at,
                       updated_at)
                VALUES (:account_id, :id, :contact_id, :site_id, :channel, :unit_type_id, :need_by_date,
                       :agreement_id, :reservation_id, :quoted_at, :reserved_at, :last_activity_at,
                       :next_follow_up_on, :next_follow_up_window, :status, :pipeline_id, :stage_id, :lost_reason,
                       :note, :created_at, :updated_at)
                """), d).bind("created_at", d.createdAt()).then()
                .then(conversions.count(accountId, d));
    }

    /**
     * Writes every field a change can touch. Every write of a deal (here and {@link #insert}) counts it for the
     * conversion report in the same transaction, so no path that quotes or reserves a deal can miss it.
     */
    Mono<Void> save(UUID accountId, Deal d) {
        return values(AccountStatement.sql(db, accountId, """
                UPDATE deals SET contact_id = :contact_id, site_id = :site_id, channel = :channel,
                       unit_type_id = :unit_type_id, need_by_date = :need_by_date, agreement_id = :agreement_id,
                       reservation_id = :reservation_id, quoted_at = :quoted_at, reserved_at = :reserved_at,
                       last_activity_at = :last_activity_at, next_follow_up_on = :next_follow_up_on,
                       next_follow_up_window = :next_follow_up_window, status = :status,
                       pipeline_id = :pipeline_id, stage_id = :stage_id, lost_reason = :lost_reason, note = :note,
                       updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """), d).then()
                .then(conversions.count(accountId, d));
    }

    private static GenericExecuteSpec values(GenericExecuteSpec spec, Deal d) {
        spec = spec.bind("id", d.id())
                .bind("contact_id", d.contactId())
                .bind("site_id", d.siteId())
                .bind("last_activity_at", d.lastActivityAt())
                .bind("status", d.status())
                .bind("pipeline_id", d.pipelineId())
                .bind("stage_id", d.stageId())
                .bind("updated_at", d.updatedAt());
        spec = nullable(spec, "channel", d.channel(), String.class);
        spec = nullable(spec, "unit_type_id", d.unitTypeId(), UUID.class);
        spec = nullable(spec, "need_by_date", d.needByDate(), LocalDate.class);
        spec = nullable(spec, "agreement_id", d.agreementId(), UUID.class);
        spec = nullable(spec, "reservation_id", d.reservationId(), UUID.class);
        spec = nullable(spec, "quoted_at", d.quotedAt(), Instant.class);
        spec = nullable(spec, "reserved_at", d.reservedAt(), Instant.class);
        spec = nullable(spec, "next_follow_up_on", d.nextFollowUpOn(), LocalDate.class);
        spec = nullable(spec, "next_follow_up_window", d.nextFollowUpWindow(), String.class);
        spec = nullable(spec, "lost_reason", d.lostReason(), String.class);
        return nullable(spec, "note", d.note(), String.class);
    }

    Mono<Deal> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The deal, its row locked for the rest of the transaction. */
    Mono<Deal> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<Deal> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM deals WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(DealRepository::toDeal)
                .one();
    }

    /** The open deals a reservation was made for ({@code deal_id}) or that name it, locked. */
    Flux<Deal> openOfReservationForUpdate(UUID accountId, UUID reservationId, UUID dealId) {
        GenericExecuteSpec select = AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM deals
                 WHERE account_id = :account_id AND status = 'open'
                   AND (reservation_id = :reservation_id OR id = :deal_id)
                 ORDER BY id FOR UPDATE
                """)
                .bind("reservation_id", reservationId);
        return nullable(select, "deal_id", dealId, UUID.class).map(DealRepository::toDeal).all();
    }

    /**
     * The open deals of {@code contactId} a commerce record is linked to, locked: the deal it was made for
     * ({@code dealId}), or one naming its agreement or its reservation.
     */
    Flux<Deal> openLinkedForUpdate(UUID accountId, UUID contactId, UUID dealId, UUID agreementId,
            UUID reservationId) {
        GenericExecuteSpec select = AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM deals
                 WHERE account_id = :account_id AND status = 'open' AND contact_id = :contact_id
                   AND (id = :deal_id OR agreement_id = :agreement_id OR reservation_id = :reservation_id)
                 ORDER BY id FOR UPDATE
                """)
                .bind("contact_id", contactId);
        select = nullable(select, "deal_id", dealId, UUID.class);
        select = nullable(select, "agreement_id", agreementId, UUID.class);
        return nullable(select, "reservation_id", reservationId, UUID.class).map(DealRepository::toDeal).all();
    }

    /** The open deal, locked; empty when the account has no such open deal. */
    Mono<Deal> openForUpdate(UUID accountId, UUID id) {
        return findForUpdate(accountId, id).filter(deal -> Deal.OPEN.equals(deal.status()));
    }

    Mono<Void> delete(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId, "DELETE FROM deals WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .then();
    }

    Mono<Envelopes.ListOf<Deal>> list(Caller caller, Filters f, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM deals", caller.accountId())
                .where("contact_id = :contact_id", "contact_id", f.contactId())
                .where("site_id = :site_id", "site_id", f.siteId())
                .where("status = :status", "status", f.status())
                .where("pipeline_id = :pipeline_id", "pipeline_id", f.pipelineId())
                .where("stage_id = :stage_id", "stage_id", f.stageId())
                .withinSites(caller, "site_id")
                .page(db, page, DealRepository::toDeal);
    }

    private static Deal toDeal(Readable row) {
        return new Deal(row.get("id", UUID.class), Deal.OBJECT, row.get("contact_id", UUID.class),
                row.get("site_id", UUID.class), row.get("channel", String.class), row.get("unit_type_id", UUID.class),
                row.get("need_by_date", LocalDate.class), row.get("agreement_id", UUID.class),
                row.get("reservation_id", UUID.class), row.get("quoted_at", Instant.class),
                row.get("reserved_at", Instant.class), row.get("last_activity_at", Instant.class),
                row.get("next_follow_up_on", LocalDate.class), row.get("next_follow_up_window", String.class),
                row.get("status", String.class), row.get("pipeline_id", UUID.class), row.get("stage_id", UUID.class),
                row.get("lost_reason", String.class), row.get("note", String.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
    }
}
