package com.storageplatform.compliance.access.event;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code access_events} table, every statement bound to one account. */
@Repository
class AccessEventRepository {

    private static final String COLUMNS = """
            id, site_id, kind, device_id, credential_id, contact_id, agreement_id, occurred_at, created_at
            """;

    private final DatabaseClient db;

    AccessEventRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * The list's filters; null filters nothing. {@code occurredFrom} and {@code occurredTo} are inclusive.
     */
    record Filters(UUID siteId, UUID contactId, UUID credentialId, UUID deviceId, String kind, Instant occurredFrom,
            Instant occurredTo) {
    }

    Mono<Void> insert(UUID accountId, AccessEvent e, String provider, String reportId) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO access_events (account_id, id, site_id, kind, device_id, credential_id, contact_id,
                       agreement_id, occurred_at, provider, report_id, created_at)
                VALUES (:account_id, :id, :site_id, :kind, :device_id, :credential_id, :contact_id, :agreement_id,
                       :occurred_at, :provider, :report_id, :created_at)
                """)
                .bind("id", e.id()).bind("site_id", e.siteId()).bind("kind", e.kind())
                .bind("occurred_at", e.occurredAt()).bind("provider", provider).bind("report_id", reportId)
                .bind("created_at", e.createdAt());
        insert = nullable(insert, "device_id", e.deviceId(), UUID.class);
        insert = nullable(insert, "credential_id", e.credentialId(), UUID.class);
        insert = nullable(insert, "contact_id", e.contactId(), UUID.class);
        return nullable(insert, "agreement_id", e.agreementId(), UUID.class).then();
    }

    Mono<AccessEvent> find(UUID accountId, UUID id) {
        return AccountStatement.sql(db, accountId,
                        "SELECT " + COLUMNS + " FROM access_events WHERE account_id = :account_id AND id = :id")
                .bind("id", id)
                .map(AccessEventRepository::toEvent)
                .one();
    }

    /** The event a system's report made. */
    Mono<AccessEvent> findByReport(UUID accountId, String provider, String reportId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM access_events
                WHERE account_id = :account_id AND provider = :provider AND report_id = :report_id
                """)
                .bind("provider", provider).bind("report_id", reportId)
                .map(AccessEventRepository::toEvent)
                .one();
    }

    /** Newest recorded first; a site-restricted caller sees its own sites' events only. */
    Mono<Envelopes.ListOf<AccessEvent>> list(Caller caller, Filters f, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM access_events", caller.accountId())
                .where("site_id = :site_id", "site_id", f.siteId())
                .where("contact_id = :contact_id", "contact_id", f.contactId())
                .where("credential_id = :credential_id", "credential_id", f.credentialId())
                .where("device_id = :device_id", "device_id", f.deviceId())
                .where("kind = :kind", "kind", f.kind())
                .where("occurred_at >= :occurred_from", "occurred_from", f.occurredFrom())
                .where("occurred_at <= :occurred_to", "occurred_to", f.occurredTo())
                .withinSites(caller, "site_id")
                .page(db, page, AccessEventRepository::toEvent);
    }

    private static AccessEvent toEvent(Readable row) {
        return new AccessEvent(row.get("id", UUID.class), AccessEvent.OBJECT, row.get("site_id", UUID.class),
                row.get("kind", String.class), row.get("device_id", UUID.class), row.get("credential_id", UUID.class),
                row.get("contact_id", UUID.class), row.get("agreement_id", UUID.class),
                row.get("occurred_at", Instant.class), row.get("created_at", Instant.class));
    }
}
