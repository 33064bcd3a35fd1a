package com.storageplatform.compliance.access.credential;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.db.AccountStatement;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;

/** The {@code agreement_access} table, every statement bound to one account. */
@Repository
class AgreementAccessRepository {

    private static final String COLUMNS = """
            agreement_id, contact_id, site_id, unit_id, facts_time, signed_at, held_at, released_at, terminated_at,
            credential_id
            """;

    private final DatabaseClient db;

    AgreementAccessRepository(DatabaseClient db) {
        this.db = db;
    }

    /**
     * The agreement's row, made empty when there is none, locked for the rest of the transaction: one event (or a
     * request issuing for the agreement) at a time decides its credentials.
     */
    Mono<AgreementAccess> lock(UUID accountId, UUID agreementId, Instant at) {
        return AccountStatement.sql(db, accountId, """
                        INSERT INTO agreement_access (account_id, agreement_id, updated_at)
                        VALUES (:account_id, :agreement_id, :at)
                        ON CONFLICT (account_id, agreement_id) DO NOTHING
                        """)
                .bind("agreement_id", agreementId).bind("at", at)
                .then()
                .then(find(accountId, agreementId, " FOR UPDATE"));
    }

    /** The agreement's row, share-locked so that no event changes it before the caller's transaction ends. */
    Mono<AgreementAccess> findForShare(UUID accountId, UUID agreementId) {
        return find(accountId, agreementId, " FOR SHARE");
    }

    private Mono<AgreementAccess> find(UUID accountId, UUID agreementId, String lock) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM agreement_access WHERE account_id = :account_id AND agreement_id = :agreement_id"
                        + lock)
                .bind("agreement_id", agreementId)
                .map(AgreementAccessRepository::toAccess)
                .one();
    }

    Mono<Void> save(UUID accountId, AgreementAccess a, Instant at) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE agreement_access SET contact_id = :contact_id, site_id = :site_id, unit_id = :unit_id,
                       facts_time = :facts_time, signed_at = :signed_at, held_at = :held_at,
                       released_at = :released_at, terminated_at = :terminated_at, credential_id = :credential_id,
                       updated_at = :at
                 WHERE account_id = :account_id AND agreement_id = :agreement_id
                """)
                .bind("agreement_id", a.agreementId()).bind("at", at);
        update = nullable(update, "contact_id", a.contactId(), UUID.class);
        update = nullable(update, "site_id", a.siteId(), UUID.class);
        update = nullable(update, "unit_id", a.unitId(), UUID.class);
        update = nullable(update, "facts_time", a.factsTime(), Instant.class);
        update = nullable(update, "signed_at", a.signedAt(), Instant.class);
        update = nullable(update, "held_at", a.heldAt(), Instant.class);
        update = nullable(update, "released_at", a.releasedAt(), Instant.class);
        update = nullable(update, "terminated_at", a.terminatedAt(), Instant.class);
        return nullable(update, "credential_id", a.credentialId(), UUID.class).then();
    }

    private static AgreementAccess toAccess(Readable row) {
        return new AgreementAccess(row.get("agreement_id", UUID.class), row.get("contact_id", UUID.class),
                row.get("site_id", UUID.class), row.get("unit_id", UUID.class), row.get("facts_time", Instant.class),
                row.get("signed_at", Instant.class), row.get("held_at", Instant.class),
                row.get("released_at", Instant.class), row.get("terminated_at", Instant.class),
                row.get("credential_id", UUID.class));
    }
}
