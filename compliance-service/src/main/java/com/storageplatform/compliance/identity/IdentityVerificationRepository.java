package com.storageplatform.compliance.identity;

import static com.storageplatform.kit.db.Bindings.nullable;

import com.storageplatform.kit.caller.Caller;
import com.storageplatform.kit.caller.Environment;
import com.storageplatform.kit.db.AccountStatement;
import com.storageplatform.kit.paging.ListQuery;
import com.storageplatform.kit.paging.PageRequest;
import com.storageplatform.kit.web.Envelopes;
import io.r2dbc.spi.Readable;
import java.time.Instant;
import java.util.List;
import java.util.UUID;
import org.springframework.r2dbc.core.DatabaseClient;
import org.springframework.r2dbc.core.DatabaseClient.GenericExecuteSpec;
import org.springframework.stereotype.Repository;
import reactor.core.publisher.Mono;
import tools.jackson.core.type.TypeReference;
import tools.jackson.databind.json.JsonMapper;

/** The {@code identity_verifications} table, every statement bound to one account but the two lookups by secret. */
@Repository
class IdentityVerificationRepository {

    private static final String COLUMNS = """
            account_id, operator_id, environment, id, contact_id, status, provider, provider_reference,
            requires_input_reason, documents::text AS documents, link_expires_at, accepted_at, verified_at,
            canceled_at, created_at, updated_at
            """;
    private static final TypeReference<List<DocumentCheck>> DOCUMENTS = new TypeReference<>() {
    };

    private final DatabaseClient db;
    private final JsonMapper json;

    IdentityVerificationRepository(DatabaseClient db, JsonMapper json) {
        this.db = db;
        this.json = json;
    }

    /** A verification with the account it belongs to, for work outside a request (a provider's notification). */
    record Owned(UUID accountId, UUID operatorId, Environment environment, IdentityVerification verification) {
    }

    /** The list's filters; null filters nothing. */
    record Filters(UUID contactId, String status) {
    }

    Mono<Void> insert(Caller caller, IdentityVerification v, String linkTokenHash) {
        return values(AccountStatement.sql(db, caller.accountId(), """
                INSERT INTO identity_verifications (account_id, id, operator_id, environment, contact_id, status,
                       provider, provider_reference, requires_input_reason, documents, link_token_hash,
                       link_expires_at, accepted_at, verified_at, canceled_at, created_at, updated_at)
                VALUES (:account_id, :id, :operator_id, :environment, :contact_id, :status, :provider,
                       :provider_reference, :requires_input_reason, CAST(:documents AS jsonb), :link_token_hash,
                       :link_expires_at, :accepted_at, :verified_at, :canceled_at, :created_at, :updated_at)
                """), v)
                .bind("operator_id", caller.operatorId())
                .bind("environment", caller.environment().value())
                .bind("contact_id", v.contactId())
                .bind("provider", v.provider())
                .bind("provider_reference", v.providerReference())
                .bind("link_token_hash", linkTokenHash)
                .bind("link_expires_at", v.linkExpiresAt())
                .bind("created_at", v.createdAt())
                .then();
    }

    /** Writes every field a provider's outcome or a member of staff can change. */
    Mono<Void> save(UUID accountId, IdentityVerification v) {
        return values(AccountStatement.sql(db, accountId, """
                UPDATE identity_verifications SET status = :status, requires_input_reason = :requires_input_reason,
                       documents = CAST(:documents AS jsonb), accepted_at = :accepted_at, verified_at = :verified_at,
                       canceled_at = :canceled_at, updated_at = :updated_at
                 WHERE account_id = :account_id AND id = :id
                """), v).then();
    }

    private GenericExecuteSpec values(GenericExecuteSpec spec, IdentityVerification v) {
        spec = spec.bind("id", v.id())
                .bind("status", v.status())
                .bind("documents", json.writeValueAsString(v.documents()))
                .bind("updated_at", v.updatedAt());
        spec = nullable(spec, "requires_input_reason", v.requiresInputReason(), String.class);
        spec = nullable(spec, "accepted_at", v.acceptedAt(), Instant.class);
        spec = nullable(spec, "verified_at", v.verifiedAt(), Instant.class);
        return nullable(spec, "canceled_at", v.canceledAt(), Instant.class);
    }

    Mono<IdentityVerification> find(UUID accountId, UUID id) {
        return findBy(accountId, id, "");
    }

    /** The verification, its row locked for the rest of the transaction. */
    Mono<IdentityVerification> findForUpdate(UUID accountId, UUID id) {
        return findBy(accountId, id, " FOR UPDATE");
    }

    private Mono<IdentityVerification> findBy(UUID accountId, UUID id, String lock) {
        return AccountStatement.sql(db, accountId, "SELECT " + COLUMNS
                        + " FROM identity_verifications WHERE account_id = :account_id AND id = :id" + lock)
                .bind("id", id)
                .map(row -> owned(row).verification())
                .one();
    }

    /**
     * The check the provider's reference names, locked, with its account. Unkeyed by account: a provider's
     * notification carries none, and the reference is unique across accounts.
     */
    Mono<Owned> findByProviderReferenceForUpdate(String provider, String reference) {
        return db.sql("SELECT " + COLUMNS + """
                 FROM identity_verifications WHERE provider = :provider AND provider_reference = :reference
                 FOR UPDATE
                """)
                .bind("provider", provider)
                .bind("reference", reference)
                .map(this::owned)
                .one();
    }

    /**
     * The verification whose link carries the secret of this hash, with its account. Unkeyed by account: the
     * customer's link is opened before any account is known, and the hash is unique across accounts.
     */
    Mono<Owned> findByLinkTokenHash(String linkTokenHash) {
        return db.sql("SELECT " + COLUMNS + " FROM identity_verifications WHERE link_token_hash = :hash")
                .bind("hash", linkTokenHash)
                .map(this::owned)
                .one();
    }

    /** Newest first. Contacts belong to the operator, not to a site, so every credential of the account sees all. */
    Mono<Envelopes.ListOf<IdentityVerification>> list(Caller caller, Filters f, PageRequest page) {
        return ListQuery.from("SELECT " + COLUMNS + " FROM identity_verifications", caller.accountId())
                .where("contact_id = :contact_id", "contact_id", f.contactId())
                .where("status = :status", "status", f.status())
                .page(db, page, row -> owned(row).verification());
    }

    private Owned owned(Readable row) {
        IdentityVerification v = new IdentityVerification(row.get("id", UUID.class), IdentityVerification.OBJECT,
                row.get("contact_id", UUID.class), row.get("status", String.class), row.get("provider", String.class),
                row.get("provider_reference", String.class), row.get("requires_input_reason", String.class),
                json.readValue(row.get("documents", String.class), DOCUMENTS),
                row.get("link_expires_at", Instant.class), row.get("accepted_at", Instant.class),
                row.get("verified_at", Instant.class), row.get("canceled_at", Instant.class),
                row.get("created_at", Instant.class), row.get("updated_at", Instant.class));
        return new Owned(row.get("account_id", UUID.class), row.get("operator_id", UUID.class),
                Environment.of(row.get("environment", String.class)), v);
    }
}
