package com.storageplatform.compliance.access.credential;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.nio.ByteBuffer;
import java.time.Instant;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Flux;
import reactor.core.publisher.Mono;

/**
 * The {@code access_credentials} table, every statement bound to one account. Codes go in sealed and come out
 * sealed ({@link Stored}); a credential read here never carries its code.
 */
@Repository
class CredentialRepository {

    private static final String COLUMNS = """
            id, agreement_id, contact_id, site_id, unit_id, kind, status, reason, issued_at, suspended_at, revoked_at,
            created_at, updated_at
            """;

    private final DatabaseClient db;

    CredentialRepository(DatabaseClient db) {
        this.db = db;
    }

    /** A credential as stored: without its code, and the code sealed (null once revoked). */
    record Stored(AccessCredential credential, byte[] sealedCode) {
    }

    /** The list's filters; null filters nothing. */
    record Filters(UUID agreementId, UUID contactId, UUID siteId, String status, String kind) {
    }

    /**
     * Stores the credential with its sealed code; false when a live credential of its kind at its site has the same
     * code (its digest), and nothing was stored.
     */
    Mono<Boolean> insert(UUID accountId, AccessCredential c, byte[] sealedCode, byte[] codeDigest) {
        GenericExecuteSpec insert = AccountStatement.sql(db, accountId, """
                INSERT INTO access_credentials (account_id, id, agreement_id, contact_id, site_id, unit_id, kind,
                       status, code_sealed, code_digest, issued_at, created_at, updated_at)
                VALUES (:account_id, :id, :agreement_id, :contact_id, :site_id, :unit_id, :kind, 'active',
                       :code_sealed, :code_digest, :issued_at, :issued_at, :issued_at)
                ON CONFLICT (site_id, kind, code_digest) WHERE code_digest IS NOT NULL DO NOTHING
                """)
                .bind("id", c.id()).bind("agreement_id", c.agreementId()).bind("contact_id", c.contactId())
                .bind("site_id", c.siteId()).bind("kind", c.kind()).bind("code_sealed", ByteBuffer.wrap(sealedCode))
                .bind("code_digest", ByteBuffer.wrap(codeDigest)).bind("issued_at", c.issuedAt());
        return nullable(insert, "unit_id", c.unitId(), UUID.class).fetch().rowsUpdated().map(rows -> rows > 0);
    }

    /** Writes a change of status; a revoked credential's code and digest are erased with it. */
    Mono<Void> save(UUID accountId, AccessCredential c) {
        GenericExecuteSpec update = AccountStatement.sql(db, accountId, """
                UPDATE access_credentials SET status = :status, reason = :reason, suspended_at = :suspended_at,
                       revoked_at = :revoked_at, updated_at = :updated_at,
                       code_sealed = CASE WHEN :status = 'revoked' THEN NULL ELSE code_sealed END,
                       code_digest = CASE WHEN :status = 'revoked' THEN NULL ELSE code_digest END
                 WHERE account_id = :account_id AND id = :id
                """)
                .bind("id", c.id()).bind("status", c.status()).bind("updated_at", c.updatedAt());
        update = nullable(update, "reason", c.reason(), String.class);
        update = nullable(update, "suspended_at", c.suspendedAt(), Instant.class);
        return nullable(update, "revoked_at", c.revokedAt(), Instant.class).then();
    }

    Mono<Stored> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The credential, its row locked for the rest of the transaction. */
    Mono<Stored> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<Stored> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + ", code_sealed FROM access_credentials WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(row -> new Stored(toCredential(row), row.get("code_sealed", byte[].class)))
                .one();
    }

    /** The agreement's active and suspended credentials, oldest first, locked. */
    Flux<AccessCredential> liveForUpdate(UUID accountId, UUID agreementId) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS + """
                 FROM access_credentials
                WHERE account_id = :account_id AND agreement_id = :agreement_id AND status <> 'revoked'
                ORDER BY id FOR UPDATE
                """)
                .bind("agreement_id", agreementId)
                .map(CredentialRepository::toCredential)
                .all();
    }

    /** Newest first; a site-restricted caller sees its own sites' credentials only. Never with codes. */
    Mono<Envelopes.ListOf<AccessCredential>> list(Caller caller, Filters f, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM access_credentials", caller.accountId())
                .where("agreement_id = :agreement_id", "agreement_id", f.agreementId())
                .where("contact_id = :contact_id", "contact_id", f.contactId())
                .where("site_id = :site_id", "site_id", f.siteId())
                .where("status = :status", "status", f.status())
                .where("kind = :kind", "kind", f.kind())
                .withinSites(caller, "site_id")
                .page(db, page, CredentialRepository::toCredential);
    }

    private static AccessCredential toCredential(Readable row) {
        return new AccessCredential(row.get("id", UUID.class), AccessCredential.OBJECT,
                row.get("agreement_id", UUID.class), row.get("contact_id", UUID.class),
                row.get("site_id", UUID.class), row.get("unit_id", UUID.class), row.get("kind", String.class),
                row.get("status", String.class), null, row.get("issued_at", Instant.class),
                row.get("suspended_at", Instant.class), row.get("revoked_at", Instant.class),
                row.get("reason", String.class), row.get("created_at", Instant.class),
                row.get("updated_at", Instant.class));
    }
}
